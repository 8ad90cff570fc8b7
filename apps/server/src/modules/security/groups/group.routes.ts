import { type AnswerOf, type Endpoint, groupEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import type { Db } from '#core/db/database.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { groupList } from './group.list.ts';
import { groupPolicy } from './group.policy.ts';
import { GroupService } from './group.service.ts';
import { groups } from './group.table.ts';

export function groupRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const service = new GroupService();
  const inTenant = <T>(context: { companyId: number; actor: { accountId: number } }, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId: context.companyId, accountId: context.actor.accountId }, work);
  /** The saved record as its list row, read once the save has committed. */
  const row = async <E extends Endpoint>(request: FastifyRequest, id: number) =>
    (await engine.record(request, groupList, eq(groups.id, id))) as AnswerOf<E>;
  return [
    // also the group picker of the user form
    listRoute(engine, groupEndpoints.list, groupList, {
      access: groupPolicy.access('list'),
    }),
    recordRoute(engine, groupEndpoints.get, groupList, {
      access: groupPolicy.access('view'),
      where: (params) => eq(groups.id, params.id),
    }),
    defineRoute(groupEndpoints.create, {
      access: groupPolicy.access('create'),
      async handler(context) {
        const id = await inTenant(context, (tx) => service.create(tx, context.companyId, context.body));
        return row<typeof groupEndpoints.create>(context.request, id);
      },
    }),
    defineRoute(groupEndpoints.update, {
      access: groupPolicy.access('update'),
      async handler(context) {
        const { id } = context.params;
        await inTenant(context, (tx) => service.update(tx, context.companyId, id, context.body));
        return row<typeof groupEndpoints.update>(context.request, id);
      },
    }),
    defineRoute(groupEndpoints.delete, {
      access: groupPolicy.access('delete'),
      async handler(context) {
        const name = await inTenant(context, (tx) => service.delete(tx, context.params.id));
        return { group_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
