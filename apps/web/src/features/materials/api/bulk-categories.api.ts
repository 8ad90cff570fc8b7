import { type BulkAnswer, type CATEGORY_BULK_ACTIONS, materialCategoryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export interface CategoryBulkRequest {
  action: (typeof CATEGORY_BULK_ACTIONS)[number];
  ids: readonly number[];
}

/** POST /materials/categories/update with categories[n][id] and action (content.md §7). */
export async function bulkCategories(request: CategoryBulkRequest): Promise<BulkAnswer> {
  return call(materialCategoryEndpoints.bulk, {
    body: { categories: request.ids.map((id) => ({ id })), action: request.action },
  });
}

export function useBulkCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkCategories,
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
