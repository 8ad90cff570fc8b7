import { type BodyOf, libraryItemEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

export type ItemUpdate = BodyOf<typeof libraryItemEndpoints.update>;

/** PATCH /libraries/items/{id}: the archived flag, or name, description and libraries. */
export async function updateItem(id: number, body: ItemUpdate) {
  return (await call(libraryItemEndpoints.update, { params: { id }, body })).data;
}
