import { type BodyOf, materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import type { MaterialDetail } from './get-material.api.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export type MaterialImport = BodyOf<typeof materialEndpoints.import>;

/** POST /materials/import: a material from a finished upload of a `.matz` package. */
export function useImportMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MaterialImport): Promise<MaterialDetail> =>
      (await call(materialEndpoints.import, { body })).data,
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
