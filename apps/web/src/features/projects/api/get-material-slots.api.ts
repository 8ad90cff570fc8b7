import { type MaterialSlot, projectModelEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export const materialSlotsKey = (id: number) => queryKey('models', 'material-slots', { id });

/** GET /projects/models/{id}/material-slots: the slots of a processed model, with their finishes. */
export function useMaterialSlots(id: number, enabled: boolean) {
  return useQuery({
    queryKey: materialSlotsKey(id),
    queryFn: async ({ signal }): Promise<MaterialSlot[]> =>
      (await call(projectModelEndpoints.materialSlots, { params: { id }, signal })).data,
    enabled,
  });
}
