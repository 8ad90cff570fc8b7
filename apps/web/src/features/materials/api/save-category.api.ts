import { type MaterialCategory, materialCategoryEndpoints, type RecordStatus } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export interface CategorySave {
  name: string;
  status: RecordStatus;
  parentId: number | null;
  /** A new image, null to remove the current one, undefined to keep it. */
  previewImage?: File | null;
}

/** The save as multipart form data (the preview image is a file). */
export function categoryFormData(save: Partial<CategorySave>): FormData {
  const form = new FormData();
  if (save.name !== undefined) form.set('name', save.name);
  if (save.status !== undefined) form.set('status', save.status);
  if (save.parentId !== undefined) form.set('parent_id', save.parentId === null ? '' : String(save.parentId));
  if (save.previewImage !== undefined) form.set('preview_image', save.previewImage ?? '');
  return form;
}

/** POST /materials/categories (multipart): a new category, under parent_id or at the top level. */
export async function createCategory(save: CategorySave): Promise<MaterialCategory> {
  const answer = await call(materialCategoryEndpoints.create, { body: categoryFormData(save) });
  return answer.data;
}

/** PATCH /materials/categories/{id} (multipart): the fields given. */
export async function updateCategory(id: number, save: Partial<CategorySave>): Promise<MaterialCategory> {
  const answer = await call(materialCategoryEndpoints.update, { params: { id }, body: categoryFormData(save) });
  return answer.data;
}

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateMaterialsAndCategories(client) });
}

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: Partial<CategorySave> }) => updateCategory(id, save),
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
