import { materialCategoryEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /materials/categories/{id}/restore: the category (and its sub-categories) back from the bin. */
export function restoreCategory(id: number) {
  return call(materialCategoryEndpoints.restore, { params: { id } });
}
