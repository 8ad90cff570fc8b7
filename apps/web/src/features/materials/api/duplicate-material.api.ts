import { type Material, materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

/** POST /materials/{name}/duplicate → the copy ("{name} copy", numbered when taken). */
export async function duplicateMaterial(name: string): Promise<Material> {
  const answer = await call(materialEndpoints.duplicate, { params: { name } });
  return answer.data;
}

export function useDuplicateMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => duplicateMaterial(name),
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
