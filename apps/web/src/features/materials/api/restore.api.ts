import { materialCategoryEndpoints, materialEndpoints } from '@meshport/contract';
import { call } from '../../../lib/api/api-client.ts';

/** POST /materials/{name}/restore: the material (and its variants deleted along) back from the bin. */
export function restoreMaterial(name: string) {
  return call(materialEndpoints.restore, { params: { name } });
}

/** POST /materials/categories/{id}/restore: the category (and its sub-categories) back from the bin. */
export function restoreCategory(id: number) {
  return call(materialCategoryEndpoints.restore, { params: { id } });
}

/** What a restored material or category changes: both lists (memberships and counts). */
export const MATERIAL_RESOURCES = ['materials', 'categories'] as const;
