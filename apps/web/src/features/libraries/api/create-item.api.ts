import { type BodyOf, libraryItemEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { invalidateContent } from './invalidate-content.api.ts';

export type ItemCreate = BodyOf<typeof libraryItemEndpoints.create>;

/** POST /libraries/items: an item from a finished upload, in the libraries named; processing is queued. */
export async function createItem(body: ItemCreate) {
  return (await call(libraryItemEndpoints.create, { body })).data;
}

/** One POST per file; the lists refresh once the batch is done (see `useRefreshItems`). */
export function useCreateItem() {
  return useMutation({ mutationFn: createItem });
}

export function useRefreshItems() {
  const client = useQueryClient();
  return () => invalidateContent(client);
}
