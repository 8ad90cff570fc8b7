import type { RecordStatus } from '@meshport/contract';

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
