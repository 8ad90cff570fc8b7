import { libraryItemEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /libraries/items/{id}/restore: the item back from the recycling bin. */
export function restoreItem(id: number) {
  return call(libraryItemEndpoints.restore, { params: { id } });
}
