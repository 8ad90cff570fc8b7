import { libraryEndpoints, libraryItemEndpoints } from '@meshport/contract';
import { call } from '../../../lib/api/api-client.ts';

/** POST /libraries/{id}/restore: the library (and what went along) back from the recycling bin. */
export function restoreLibrary(id: number) {
  return call(libraryEndpoints.restore, { params: { id } });
}

/** POST /libraries/items/{id}/restore: the item back from the recycling bin. */
export function restoreItem(id: number) {
  return call(libraryItemEndpoints.restore, { params: { id } });
}
