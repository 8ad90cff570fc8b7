import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { feedbackReportList } from './feedback-report.list.ts';
import { feedbackReports } from './feedback-report.schema.ts';

export function feedbackReportRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/feedback-reports',
      access: { admin: true },
      summary: 'Feedback reports of every company (platform admins)',
      tags: ['admin'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, feedbackReportList),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/feedback-reports/:id',
      access: { admin: true },
      summary: 'One feedback report',
      tags: ['admin'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, feedbackReportList, eq(feedbackReports.id, params.id)),
    }),
  ];
}
