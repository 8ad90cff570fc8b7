import { type BodyOf, libraryItemEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { invalidateContent } from './invalidate-content.api.ts';

export type ItemUpdate = BodyOf<typeof libraryItemEndpoints.update>;

/** PATCH /libraries/items/{id}: the archived flag, or name, description and libraries. */
export async function updateItem(id: number, body: ItemUpdate) {
  return (await call(libraryItemEndpoints.update, { params: { id }, body })).data;
}

/** DELETE /libraries/items/{id}: answers the item's name and status 'deleted'. */
export function deleteItem(id: number) {
  return call(libraryItemEndpoints.delete, { params: { id } });
}

export function useUpdateItem(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemUpdate) => updateItem(id, body),
    onSuccess: () => invalidateContent(client),
  });
}

export function useDeleteItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => invalidateContent(client) });
}
