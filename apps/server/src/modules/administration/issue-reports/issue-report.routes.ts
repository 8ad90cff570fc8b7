import { issueReportEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { issueReportList } from './issue-report.list.ts';
import { issueReports } from './issue-report.table.ts';

export function issueReportRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, issueReportEndpoints.list, issueReportList, { access: 'admin', cache: false }),
    recordRoute(engine, issueReportEndpoints.get, issueReportList, {
      access: 'admin',
      where: (params) => eq(issueReports.id, params.id),
      cache: false,
    }),
  ];
}
