import { libraryItemEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /libraries/items/{id}: one item with its default fields. */
export async function fetchLibraryItem(id: number, signal?: AbortSignal) {
  const body = await call(libraryItemEndpoints.get, { params: { id }, signal });
  return body.data;
}

export const libraryItemQueryKey = (id: number) => queryKey('items', 'detail', id);

export function libraryItemQueryOptions(id: number) {
  return queryOptions({ queryKey: libraryItemQueryKey(id), queryFn: ({ signal }) => fetchLibraryItem(id, signal) });
}

export function useLibraryItem(id: number) {
  return useQuery(libraryItemQueryOptions(id));
}
