import { type BodyOf, type DesignRow, designEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { designQueryOptions } from './get-design.api.ts';

export type DesignCreateBody = BodyOf<typeof designEndpoints.create>;

/** POST /projects/designs (create-designs, on both platforms): the design, its preview still rendering. */
export function useCreateDesign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DesignCreateBody) => (await call(designEndpoints.create, { body })).data as DesignRow,
    onSuccess: (design) => {
      client.setQueryData(designQueryOptions(design.id).queryKey, design);
      return client.invalidateQueries({ queryKey: queryKey('designs'), refetchType: 'none' });
    },
  });
}
