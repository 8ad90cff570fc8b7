import { type PlannedMaintenance, plannedMaintenanceEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /admin/planned-maintenance/{id}; `id` null waits. */
export function usePlannedMaintenance(id: number | null) {
  return useQuery({
    queryKey: queryKey('maintenance', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(plannedMaintenanceEndpoints.get, { params: { id: id ?? 0 }, signal })).data as PlannedMaintenance,
    enabled: id !== null,
  });
}
