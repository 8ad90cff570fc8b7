import { type ListPage, type ListQuery, type Material, materialEndpoints } from '@meshport/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type MaterialPage = ListPage<Material, Record<never, never>>;

/** GET /materials?filter[category]=…&filter[search]=…&sort=…&per_page=…&page=… (content.md §7). */
export async function fetchMaterials(query: ListQuery, signal?: AbortSignal): Promise<MaterialPage> {
  return call(materialEndpoints.list, { query, signal });
}

export const materialsQueryKey = (query: ListQuery) => queryKey('materials', 'list', query);

export function materialsQueryOptions(query: ListQuery) {
  return queryOptions({
    queryKey: materialsQueryKey(query),
    queryFn: ({ signal }) => fetchMaterials(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of materials; the previous page stays on screen while the next loads. */
export function useMaterials(query: ListQuery, enabled = true) {
  return useQuery({ ...materialsQueryOptions(query), enabled });
}
