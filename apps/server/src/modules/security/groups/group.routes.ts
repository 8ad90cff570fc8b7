import { groupEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { groups } from '#core/auth/account.table.ts';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { groupList } from './group.list.ts';
import { GROUP_PERMISSIONS } from './group.policy.ts';

export function groupRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    // also the group picker of the user form
    listRoute(engine, groupEndpoints.list, groupList, {
      access: { permission: 'view-groups|update-users|create-users' },
      cache: false,
    }),
    recordRoute(engine, groupEndpoints.get, groupList, {
      access: { permission: GROUP_PERMISSIONS.view },
      where: (params) => eq(groups.id, params.id),
      cache: false,
    }),
  ];
}
