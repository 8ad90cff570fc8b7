import { userEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { invitationRoutes } from '#modules/security/invitations/invitation.routes.ts';
import { adminUserWriteRoutes } from './admin-user-write.routes.ts';
import { adminUserList, myAccountResource, securityUserList, userActivityList } from './user.list.ts';
import { userPolicy } from './user.policy.ts';
import { type UserWriteServices, userWriteRoutes } from './user-write.routes.ts';

/** The company's own lists are kept in the response cache; the platform-wide admin list is not (its rows change in every company). */
export function userRoutes(services: UserWriteServices) {
  const engine = new ListEngine(services.database, services.changes);
  const byId = (params: { id: number }) => eq(accounts.id, params.id);
  return [
    listRoute(engine, userEndpoints.list, securityUserList, {
      access: userPolicy.access('list'),
    }),
    recordRoute(engine, userEndpoints.get, securityUserList, {
      access: userPolicy.access('view'),
      where: byId,
    }),
    listRoute(engine, userEndpoints.adminList, adminUserList, { access: 'admin', cache: false }),
    recordRoute(engine, userEndpoints.adminGet, adminUserList, {
      access: 'admin',
      where: byId,
      cache: false,
    }),
    recordRoute(engine, userEndpoints.myAccount, myAccountResource, {
      access: 'member',
      where: (_params, { actor }) => eq(accounts.id, actor.accountId),
    }),
    listRoute(engine, userEndpoints.myActivity, userActivityList, { access: 'member' }),
    ...userWriteRoutes(services),
    ...adminUserWriteRoutes(services),
    ...invitationRoutes(services),
  ];
}
