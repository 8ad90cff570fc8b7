import { libraryItemEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** DELETE /libraries/items/{id}: answers `{library_item_name, status}`; refused while connected to a model. */
export function deleteItem(id: number) {
  return call(libraryItemEndpoints.delete, { params: { id } });
}
