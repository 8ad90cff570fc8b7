import { type AnswerOf, LABEL_NAME_TAKEN, labelEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { NamedRecordWriter } from '../shared/named-record.writer.ts';
import { labelList } from './label.list.ts';
import { labelPolicy } from './label.policy.ts';
import { labels } from './label.table.ts';

const NO_SUCH_LABEL = 'No such label.';

export function labelRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const writer = new NamedRecordWriter(services.database, {
    table: 'labels',
    columns: ['color'],
    notFound: NO_SUCH_LABEL,
    nameTaken: LABEL_NAME_TAKEN,
  });
  /** The saved label as its list row, read once the save has committed. */
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, labelList, eq(labels.id, id), NO_SUCH_LABEL)) as AnswerOf<
      typeof labelEndpoints.create
    >;
  return [
    listRoute(engine, labelEndpoints.list, labelList, { access: labelPolicy.access('list') }),
    recordRoute(engine, labelEndpoints.get, labelList, {
      access: labelPolicy.access('view'),
      where: (params) => eq(labels.id, params.id),
      notFoundMessage: NO_SUCH_LABEL,
    }),
    defineRoute(labelEndpoints.create, {
      access: labelPolicy.access('create'),
      async handler({ actor, companyId, body, request }) {
        return row(request, await writer.create({ companyId, accountId: actor.accountId }, body));
      },
    }),
    defineRoute(labelEndpoints.update, {
      access: labelPolicy.access('update'),
      changes: ['projects', 'libraries'],
      async handler({ actor, companyId, params, body, request }) {
        await writer.update({ companyId, accountId: actor.accountId }, params.id, body);
        return row(request, params.id);
      },
    }),
    defineRoute(labelEndpoints.delete, {
      access: labelPolicy.access('delete'),
      changes: ['projects', 'libraries'],
      async handler({ actor, companyId, params }) {
        const name = await writer.delete({ companyId, accountId: actor.accountId }, params.id);
        return { label_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
