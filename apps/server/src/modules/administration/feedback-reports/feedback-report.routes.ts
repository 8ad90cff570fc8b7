import { type AnswerOf, feedbackReportEndpoints } from '@meshport/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { feedbackReportList } from './feedback-report.list.ts';
import { feedbackReports } from './feedback-report.table.ts';

const NO_SUCH_REPORT = 'No such feedback report.';

/** Members rate the product in their company; platform admins read and delete the ratings across companies. */
export function feedbackReportRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, feedbackReportEndpoints.list, feedbackReportList, { access: 'admin', cache: false }),
    recordRoute(engine, feedbackReportEndpoints.get, feedbackReportList, {
      access: 'admin',
      where: (params) => eq(feedbackReports.id, params.id),
      cache: false,
    }),
    defineRoute(feedbackReportEndpoints.create, {
      access: 'member',
      async handler({ actor, companyId, body, request }) {
        const [created] = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          tx
            .insert(feedbackReports)
            .values({ companyId, accountId: actor.accountId, rating: body.rating, comment: body.comment ?? null })
            .returning({ id: feedbackReports.id }),
        );
        const where = and(eq(feedbackReports.companyId, companyId), eq(feedbackReports.id, created?.id as number));
        return (await engine.record(request, feedbackReportList, where as SQL, NO_SUCH_REPORT)) as AnswerOf<
          typeof feedbackReportEndpoints.create
        >;
      },
    }),
    defineRoute(feedbackReportEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        const [deleted] = await services.database.system
          .delete(feedbackReports)
          .where(eq(feedbackReports.id, params.id))
          .returning({ id: feedbackReports.id });
        if (!deleted) throw notFound(NO_SUCH_REPORT);
        return { feedback_report_id: deleted.id, status: 'deleted' as const };
      },
    }),
  ];
}
