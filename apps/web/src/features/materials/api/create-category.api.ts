import { type MaterialCategory, materialCategoryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { type CategorySave, categoryFormData } from '../logic/category-save.logic.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

/** POST /materials/categories (multipart): a new category, under parent_id or at the top level. */
export async function createCategory(save: CategorySave): Promise<MaterialCategory> {
  const answer = await call(materialCategoryEndpoints.create, { body: categoryFormData(save) });
  return answer.data;
}

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateMaterialsAndCategories(client) });
}
