import { type BulkAnswer, libraryItemEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export type ItemBulkAction = 'move' | 'archive' | 'activate' | 'delete';

export interface ItemMove {
  targets: readonly number[];
  removeFromCurrent: boolean;
}

/** POST /libraries/items/update {items: [{id}], action, libraries: [{id}], remove_from_current_libraries}. */
export function bulkUpdateItems(action: ItemBulkAction, ids: readonly number[], move?: ItemMove): Promise<BulkAnswer> {
  return call(libraryItemEndpoints.bulk, {
    body: {
      action,
      items: ids.map((id) => ({ id })),
      ...(move
        ? {
            libraries: move.targets.map((id) => ({ id })),
            remove_from_current_libraries: move.removeFromCurrent,
          }
        : {}),
    },
  });
}
