import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { issueReportList } from './issue-report.list.ts';
import { issueReports } from './issue-report.schema.ts';

export function issueReportRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/issue-reports',
      access: { admin: true },
      summary: 'Issue reports of every company (platform admins)',
      tags: ['admin'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, issueReportList),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/issue-reports/:id',
      access: { admin: true },
      summary: 'One issue report',
      tags: ['admin'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, issueReportList, eq(issueReports.id, params.id)),
    }),
  ];
}
