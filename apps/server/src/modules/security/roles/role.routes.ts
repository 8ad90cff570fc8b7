import { type AnswerOf, type Endpoint, roleEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantorOf } from '#core/access/grant.ts';
import { roles } from '#core/auth/account.table.ts';
import type { CoreServices } from '#core/core-services.ts';
import type { Db } from '#core/db/database.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { roleList } from './role.list.ts';
import { rolePolicy } from './role.policy.ts';
import { RoleService } from './role.service.ts';

export function roleRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const service = new RoleService();
  const inTenant = <T>(context: { companyId: number; actor: { accountId: number } }, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId: context.companyId, accountId: context.actor.accountId }, work);
  /** The saved record as its list row, read once the save has committed. */
  const row = async <E extends Endpoint>(request: FastifyRequest, id: number) =>
    (await engine.record(request, roleList, eq(roles.id, id))) as AnswerOf<E>;
  return [
    // also the role picker of the user form
    listRoute(engine, roleEndpoints.list, roleList, {
      access: rolePolicy.access('list'),
    }),
    recordRoute(engine, roleEndpoints.get, roleList, {
      access: rolePolicy.access('view'),
      where: (params) => eq(roles.id, params.id),
    }),
    defineRoute(roleEndpoints.create, {
      access: rolePolicy.access('create'),
      async handler(context) {
        const id = await inTenant(context, (tx) =>
          service.create(tx, context.companyId, grantorOf(context.actor), context.body),
        );
        return row<typeof roleEndpoints.create>(context.request, id);
      },
    }),
    defineRoute(roleEndpoints.update, {
      access: rolePolicy.access('update'),
      async handler(context) {
        const { id } = context.params;
        await inTenant(context, (tx) =>
          service.update(tx, context.companyId, grantorOf(context.actor), id, context.body),
        );
        return row<typeof roleEndpoints.update>(context.request, id);
      },
    }),
    defineRoute(roleEndpoints.delete, {
      access: rolePolicy.access('delete'),
      async handler(context) {
        const name = await inTenant(context, (tx) => service.delete(tx, context.params.id));
        return { role_title: name, status: 'deleted' as const };
      },
    }),
  ];
}
