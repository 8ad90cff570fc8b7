import { libraryEndpoints, type QueryOf } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /libraries/{id}, with the fields `query` asks for (all defaults when it asks none). */
async function readLibrary(id: number, query: QueryOf<typeof libraryEndpoints.get>, signal?: AbortSignal) {
  const body = await call(libraryEndpoints.get, { params: { id }, query, signal });
  return body.data;
}

/**
 * GET /libraries/{id}?included_fields=name,meta_data (content.md §7): the heading and breadcrumbs,
 * and the item count that tells an empty library, which offers its first item.
 */
export function fetchLibraryHeader(id: number, signal?: AbortSignal) {
  return readLibrary(id, { included_fields: 'id,name,meta_data,indirect_items_count' }, signal);
}

export const libraryHeaderQueryKey = (id: number) => queryKey('libraries', 'header', id);

export function libraryHeaderQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: libraryHeaderQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchLibraryHeader(id ?? 0, signal),
    enabled: id !== null,
  });
}

export function useLibraryHeader(id: number | null) {
  return useQuery(libraryHeaderQueryOptions(id));
}

/** GET /libraries/{id} with its default fields: what the edit form shows. */
export function fetchLibrary(id: number, signal?: AbortSignal) {
  return readLibrary(id, {}, signal);
}

export const libraryQueryKey = (id: number) => queryKey('libraries', 'detail', id);

export function useLibrary(id: number) {
  return useQuery(
    queryOptions({ queryKey: libraryQueryKey(id), queryFn: ({ signal }) => fetchLibrary(id, signal), staleTime: 0 }),
  );
}
