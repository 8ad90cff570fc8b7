import { libraryItemEndpoints } from '@meshport/contract';
import { call } from '../../../lib/api/api-client.ts';

/** PATCH /libraries/items/{id} with `archived`: the toggle between ARCHIVED and not archived. */
export async function setItemArchived(id: number, archived: boolean) {
  return (await call(libraryItemEndpoints.update, { params: { id }, body: { archived } })).data;
}
