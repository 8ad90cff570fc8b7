import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { issueReportList } from './issue-report.list.ts';
import { issueReports } from './issue-report.schema.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

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
      schema: { params: idParams },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, issueReportList, eq(issueReports.id, params.id)),
    }),
  ];
}
