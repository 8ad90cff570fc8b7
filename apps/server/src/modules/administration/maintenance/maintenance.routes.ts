import { plannedMaintenanceEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';
import { plannedMaintenanceList } from './maintenance.list.ts';

export function maintenanceRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, plannedMaintenanceEndpoints.list, plannedMaintenanceList, { access: 'admin', cache: false }),
    recordRoute(engine, plannedMaintenanceEndpoints.get, plannedMaintenanceList, {
      access: 'admin',
      where: (params) => eq(plannedMaintenance.id, params.id),
      cache: false,
    }),
  ];
}
