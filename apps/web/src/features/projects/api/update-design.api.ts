import { type BodyOf, type DesignRow, designEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { designQueryOptions } from './get-design.api.ts';

export type DesignUpdateBody = BodyOf<typeof designEndpoints.update>;

/** PATCH /projects/designs/{id} (update-designs): a new name and/or choices. */
export function useUpdateDesign(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DesignUpdateBody) =>
      (await call(designEndpoints.update, { params: { id }, body })).data as DesignRow,
    onSuccess: (design) => {
      client.setQueryData(designQueryOptions(design.id).queryKey, design);
      return client.invalidateQueries({ queryKey: queryKey('designs'), refetchType: 'none' });
    },
  });
}
