import { roleEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { roles } from '#core/auth/account.table.ts';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { roleList } from './role.list.ts';
import { ROLE_PERMISSIONS } from './role.policy.ts';

export function roleRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    // also the role picker of the user form
    listRoute(engine, roleEndpoints.list, roleList, {
      access: { permission: 'view-roles|update-users|create-users' },
      cache: false,
    }),
    recordRoute(engine, roleEndpoints.get, roleList, {
      access: { permission: ROLE_PERMISSIONS.view },
      where: (params) => eq(roles.id, params.id),
      cache: false,
    }),
  ];
}
