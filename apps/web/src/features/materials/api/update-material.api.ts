import { type BodyOf, type Material, materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export type MaterialUpdate = BodyOf<typeof materialEndpoints.update>;

/** PATCH /materials/{name}: rename (links are kept), recategorise, archive or activate (`archived`). */
export async function updateMaterial(name: string, body: MaterialUpdate): Promise<Material> {
  const answer = await call(materialEndpoints.update, { params: { name }, body });
  return answer.data;
}

export function useUpdateMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: MaterialUpdate }) => updateMaterial(name, body),
    onSuccess: (saved, { name }) => invalidateMaterialsAndCategories(client, saved.name === name ? undefined : name),
  });
}
