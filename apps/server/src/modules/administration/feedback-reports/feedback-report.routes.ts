import { feedbackReportEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { feedbackReportList } from './feedback-report.list.ts';
import { feedbackReports } from './feedback-report.table.ts';

export function feedbackReportRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, feedbackReportEndpoints.list, feedbackReportList, { access: 'admin', cache: false }),
    recordRoute(engine, feedbackReportEndpoints.get, feedbackReportList, {
      access: 'admin',
      where: (params) => eq(feedbackReports.id, params.id),
      cache: false,
    }),
  ];
}
