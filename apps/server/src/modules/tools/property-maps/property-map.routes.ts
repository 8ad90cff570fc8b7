import { type AnswerOf, PROPERTY_MAP_NAME_TAKEN, propertyMapEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { NamedRecordWriter } from '../shared/named-record.writer.ts';
import { propertyMapList } from './property-map.list.ts';
import { propertyMapPolicy } from './property-map.policy.ts';
import { propertyMaps } from './property-map.table.ts';

const PROPERTY_MAP_ACCESS = propertyMapPolicy.access('view');
const NO_SUCH_PROPERTY_MAP = 'No such property map.';

export function propertyMapRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const writer = new NamedRecordWriter(services.database, {
    table: 'property_maps',
    columns: [],
    notFound: NO_SUCH_PROPERTY_MAP,
    nameTaken: PROPERTY_MAP_NAME_TAKEN,
  });
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, propertyMapList, eq(propertyMaps.id, id), NO_SUCH_PROPERTY_MAP)) as AnswerOf<
      typeof propertyMapEndpoints.create
    >;
  return [
    listRoute(engine, propertyMapEndpoints.list, propertyMapList, { access: PROPERTY_MAP_ACCESS }),
    recordRoute(engine, propertyMapEndpoints.get, propertyMapList, {
      access: PROPERTY_MAP_ACCESS,
      where: (params) => eq(propertyMaps.id, params.id),
    }),
    defineRoute(propertyMapEndpoints.create, {
      access: propertyMapPolicy.access('create'),
      async handler({ actor, companyId, body, request }) {
        return row(request, await writer.create({ companyId, accountId: actor.accountId }, body));
      },
    }),
    defineRoute(propertyMapEndpoints.update, {
      access: propertyMapPolicy.access('update'),
      async handler({ actor, companyId, params, body, request }) {
        await writer.update({ companyId, accountId: actor.accountId }, params.id, body);
        return row(request, params.id);
      },
    }),
    defineRoute(propertyMapEndpoints.delete, {
      access: propertyMapPolicy.access('delete'),
      async handler({ actor, companyId, params }) {
        const name = await writer.delete({ companyId, accountId: actor.accountId }, params.id);
        return { property_map_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
