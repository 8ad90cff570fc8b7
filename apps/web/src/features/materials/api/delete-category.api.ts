import { materialCategoryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

/** DELETE /materials/categories/{id} → `{category_name, status}` (with its sub-categories). */
export async function deleteCategory(id: number) {
  return call(materialCategoryEndpoints.delete, { params: { id } });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
