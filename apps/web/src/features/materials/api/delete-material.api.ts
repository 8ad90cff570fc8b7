import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMaterial } from '@/lib/api/resources/materials/delete-material.api.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export function useDeleteMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteMaterial(name),
    onSuccess: (_answer, name) => invalidateMaterialsAndCategories(client, name),
  });
}
