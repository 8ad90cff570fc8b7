import { type PlannedMaintenance, plannedMaintenanceEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { type MaintenanceFormValues, maintenanceBody } from '../logic/maintenance-form.logic.ts';

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
