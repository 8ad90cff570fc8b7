import { type AnswerOf, issueReportEndpoints } from '@meshport/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { issueReportList } from './issue-report.list.ts';
import { issueReports } from './issue-report.table.ts';

const NO_SUCH_REPORT = 'No such issue report.';

/** Members report issues in their company; platform admins read, triage and delete them across companies. */
export function issueReportRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const row = async (request: FastifyRequest, where: SQL) =>
    (await engine.record(request, issueReportList, where, NO_SUCH_REPORT)) as AnswerOf<typeof issueReportEndpoints.get>;
  return [
    listRoute(engine, issueReportEndpoints.list, issueReportList, { access: 'admin', cache: false }),
    recordRoute(engine, issueReportEndpoints.get, issueReportList, {
      access: 'admin',
      where: (params) => eq(issueReports.id, params.id),
      cache: false,
    }),
    defineRoute(issueReportEndpoints.create, {
      access: 'member',
      async handler({ actor, companyId, body, request }) {
        const [created] = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          tx
            .insert(issueReports)
            .values({
              companyId,
              accountId: actor.accountId,
              title: body.title,
              description: body.description ?? null,
              severity: body.severity,
              products: body.products,
            })
            .returning({ id: issueReports.id }),
        );
        return row(
          request,
          and(eq(issueReports.companyId, companyId), eq(issueReports.id, created?.id as number)) as SQL,
        );
      },
    }),
    defineRoute(issueReportEndpoints.update, {
      access: 'admin',
      async handler({ params, body, request }) {
        const updated = await services.database.system
          .update(issueReports)
          .set({
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(body.external_link !== undefined ? { externalLink: body.external_link } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(issueReports.id, params.id))
          .returning({ id: issueReports.id });
        if (updated.length === 0) throw notFound(NO_SUCH_REPORT);
        return row(request, eq(issueReports.id, params.id));
      },
    }),
    defineRoute(issueReportEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        const [deleted] = await services.database.system
          .delete(issueReports)
          .where(eq(issueReports.id, params.id))
          .returning({ title: issueReports.title });
        if (!deleted) throw notFound(NO_SUCH_REPORT);
        return { issue_report_title: deleted.title, status: 'deleted' as const };
      },
    }),
  ];
}
