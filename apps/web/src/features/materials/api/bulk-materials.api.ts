import { type BulkAnswer, type MATERIAL_BULK_ACTIONS, materialEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateMaterialsAndCategories } from './invalidate-materials.api.ts';

export interface MaterialBulkRequest {
  action: (typeof MATERIAL_BULK_ACTIONS)[number];
  names: readonly string[];
  /** Move targets (at least one for a move). */
  categoryIds?: readonly number[];
  removeFromCurrent?: boolean;
}

/**
 * POST /materials/update with materials[n][name], action, categories[n][id] and
 * remove_from_current_categories (content.md §7).
 */
export async function bulkMaterials(request: MaterialBulkRequest): Promise<BulkAnswer> {
  return call(materialEndpoints.bulk, {
    body: {
      materials: request.names.map((name) => ({ name })),
      action: request.action,
      ...(request.action === 'move'
        ? {
            categories: (request.categoryIds ?? []).map((id) => ({ id })),
            remove_from_current_categories: request.removeFromCurrent ?? false,
          }
        : {}),
    },
  });
}

export function useBulkMaterials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkMaterials,
    onSuccess: () => invalidateMaterialsAndCategories(client),
  });
}
