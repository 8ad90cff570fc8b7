import { plannedMaintenanceEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

/** DELETE /admin/planned-maintenance/{id}: answers the name and status for the banner. */
export async function deleteMaintenance(id: number) {
  return call(plannedMaintenanceEndpoints.delete, { params: { id } });
}
