import { type BodyOf, type MaterialSlot, projectModelEndpoints } from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type MaterialSlotsSave = BodyOf<typeof projectModelEndpoints.saveMaterialSlots>;

const slotsKey = (id: number) => queryKey('models', 'material-slots', { id });

/** GET /projects/models/{id}/material-slots: the slots of a processed model, with their finishes. */
export function useMaterialSlots(id: number, enabled: boolean) {
  return useQuery({
    queryKey: slotsKey(id),
    queryFn: async ({ signal }): Promise<MaterialSlot[]> =>
      (await call(projectModelEndpoints.materialSlots, { params: { id }, signal })).data,
    enabled,
  });
}

/** PUT /projects/models/{id}/material-slots (hatch, update-project-models). */
export function useSaveMaterialSlots(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MaterialSlotsSave) =>
      (await call(projectModelEndpoints.saveMaterialSlots, { params: { id }, body })).data,
    onSuccess: (slots) => {
      client.setQueryData(slotsKey(id), slots);
      // Materials linked to a model can no longer be deleted: their lists show it.
      void client.invalidateQueries({ queryKey: ['materials'] });
    },
  });
}
