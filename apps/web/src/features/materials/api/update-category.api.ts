import { type MaterialCategory, materialCategoryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { type CategorySave, categoryFormData } from '../logic/category-save.logic.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

/** PATCH /materials/categories/{id} (multipart): the fields given. */
export async function updateCategory(id: number, save: Partial<CategorySave>): Promise<MaterialCategory> {
  const answer = await call(materialCategoryEndpoints.update, { params: { id }, body: categoryFormData(save) });
  return answer.data;
}

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: Partial<CategorySave> }) => updateCategory(id, save),
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
