import { libraryEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** GET /libraries/{id}?included_fields=name,meta_data (content.md §7): the heading and breadcrumbs. */
export async function fetchLibraryHeader(id: number, signal?: AbortSignal) {
  const body = await call(libraryEndpoints.get, {
    params: { id },
    query: { included_fields: 'id,name,meta_data' },
    signal,
  });
  return body.data;
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
export async function fetchLibrary(id: number, signal?: AbortSignal) {
  const body = await call(libraryEndpoints.get, { params: { id }, signal });
  return body.data;
}

export const libraryQueryKey = (id: number) => queryKey('libraries', 'detail', id);

export function useLibrary(id: number) {
  return useQuery(
    queryOptions({ queryKey: libraryQueryKey(id), queryFn: ({ signal }) => fetchLibrary(id, signal), staleTime: 0 }),
  );
}
