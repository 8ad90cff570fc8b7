import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { plannedMaintenanceList } from './maintenance.list.ts';
import { plannedMaintenance } from './maintenance.schema.ts';

export function maintenanceRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/planned-maintenance',
      access: { admin: true },
      summary: 'Planned maintenance windows (platform admins)',
      tags: ['admin'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, plannedMaintenanceList),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/planned-maintenance/:id',
      access: { admin: true },
      summary: 'One planned maintenance window',
      tags: ['admin'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) =>
        engine.record(request, plannedMaintenanceList, eq(plannedMaintenance.id, params.id)),
    }),
  ];
}
