import { type AnswerOf, plannedMaintenanceEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';
import { plannedMaintenanceList } from './maintenance.list.ts';
import { MaintenanceWriteService } from './maintenance.service.ts';

/**
 * Platform admins plan, change and delete the windows. The gate lets admins through during a
 * window (core/access/api-gate.ts), so these calls keep working while one is active: an admin
 * can end a window early or delete it.
 */
export function maintenanceRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const writes = new MaintenanceWriteService(services.database, services.maintenance);
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(
      request,
      plannedMaintenanceList,
      eq(plannedMaintenance.id, id),
      'No such planned maintenance.',
    )) as AnswerOf<typeof plannedMaintenanceEndpoints.create>;
  return [
    listRoute(engine, plannedMaintenanceEndpoints.list, plannedMaintenanceList, { access: 'admin', cache: false }),
    recordRoute(engine, plannedMaintenanceEndpoints.get, plannedMaintenanceList, {
      access: 'admin',
      where: (params) => eq(plannedMaintenance.id, params.id),
      cache: false,
    }),
    defineRoute(plannedMaintenanceEndpoints.create, {
      access: 'admin',
      async handler({ request, body }) {
        return row(request, await writes.create(body));
      },
    }),
    defineRoute(plannedMaintenanceEndpoints.update, {
      access: 'admin',
      async handler({ request, params, body }) {
        await writes.update(params.id, body);
        return row(request, params.id);
      },
    }),
    defineRoute(plannedMaintenanceEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        return { planned_maintenance_name: await writes.delete(params.id), status: 'deleted' as const };
      },
    }),
  ];
}
