import { type BodyOf, projectModelEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { materialSlotsKey } from './get-material-slots.api.ts';

export type MaterialSlotsSave = BodyOf<typeof projectModelEndpoints.saveMaterialSlots>;

/** PUT /projects/models/{id}/material-slots (hatch, update-project-models). */
export function useSaveMaterialSlots(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MaterialSlotsSave) =>
      (await call(projectModelEndpoints.saveMaterialSlots, { params: { id }, body })).data,
    onSuccess: (slots) => {
      client.setQueryData(materialSlotsKey(id), slots);
      // Materials linked to a model can no longer be deleted: their lists show it.
      void client.invalidateQueries({ queryKey: ['materials'] });
    },
  });
}
