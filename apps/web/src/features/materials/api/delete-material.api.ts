import { materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

/** DELETE /materials/{name} → `{material_name, status}` (refused while connected to a model). */
export async function deleteMaterial(name: string) {
  return call(materialEndpoints.delete, { params: { name } });
}

export function useDeleteMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteMaterial(name),
    onSuccess: (_answer, name) => invalidateMaterialsAndCategories(client, name),
  });
}
