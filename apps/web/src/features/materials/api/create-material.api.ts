import { type BodyOf, materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import type { MaterialDetail } from './get-material.api.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export type MaterialCreate = BodyOf<typeof materialEndpoints.create>;

/** POST /materials: a material (a variant with `parent_name`), its maps as `maps[kind]=<upload id>`. */
export function useCreateMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MaterialCreate): Promise<MaterialDetail> =>
      (await call(materialEndpoints.create, { body })).data,
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
