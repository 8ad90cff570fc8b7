import { type GlobalSearchResponse, globalSearchEndpoints, type SearchCategory } from '@meshport/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/**
 * GET /global-search?search=…&categories=… : up to 25 newest matches per category; a category
 * is present only when the user may see it.
 */
export async function fetchGlobalSearch(
  term: string,
  categories: readonly SearchCategory[],
  signal?: AbortSignal,
): Promise<GlobalSearchResponse['data']> {
  const body = await call(globalSearchEndpoints.search, {
    query: { search: term, categories: categories.join(',') },
    signal,
  });
  return body.data;
}

export const globalSearchQueryKey = (term: string, categories: readonly SearchCategory[]) =>
  queryKey('search', 'results', { term, categories: [...categories] });

/** Runs only with a term and at least one category; the previous answer stays while the next loads. */
export function globalSearchQueryOptions(term: string | null, categories: readonly SearchCategory[]) {
  return queryOptions({
    queryKey: globalSearchQueryKey(term ?? '', categories),
    queryFn: ({ signal }) => fetchGlobalSearch(term ?? '', categories, signal),
    enabled: term !== null && categories.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useGlobalSearch(term: string | null, categories: readonly SearchCategory[]) {
  return useQuery(globalSearchQueryOptions(term, categories));
}
