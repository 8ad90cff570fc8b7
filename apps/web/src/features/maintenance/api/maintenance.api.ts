import { type PlannedMaintenance, plannedMaintenanceEndpoints } from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';
import { type MaintenanceFormValues, maintenanceBody } from '../logic/maintenance-form.logic.ts';

/** GET /admin/planned-maintenance/{id}; `id` null waits. */
export function usePlannedMaintenance(id: number | null) {
  return useQuery({
    queryKey: queryKey('maintenance', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(plannedMaintenanceEndpoints.get, { params: { id: id ?? 0 }, signal })).data as PlannedMaintenance,
    enabled: id !== null,
  });
}

/** POST /admin/planned-maintenance, or PATCH …/{id}; every maintenance answer refreshes after it. */
export function useSaveMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: MaintenanceFormValues }) => {
      const body = maintenanceBody(values);
      const answer =
        id === null
          ? await call(plannedMaintenanceEndpoints.create, { body })
          : await call(plannedMaintenanceEndpoints.update, { params: { id }, body });
      return answer.data as PlannedMaintenance;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('maintenance') }),
  });
}

/** DELETE /admin/planned-maintenance/{id}: answers the name and status for the banner. */
export async function deleteMaintenance(id: number) {
  return call(plannedMaintenanceEndpoints.delete, { params: { id } });
}
