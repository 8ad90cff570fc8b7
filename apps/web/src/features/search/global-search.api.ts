import type { GlobalSearchResponse, SearchCategory } from '@meshport/contract';
import { api } from '../../lib/api/http-client.ts';

export const globalSearchKeys = {
  results: (term: string, categories: readonly SearchCategory[]) => ['global-search', term, [...categories]] as const,
};

/**
 * GET /global-search?search=…&categories=… : up to 25 newest matches per category; a category
 * is present only when the user may see it.
 */
export async function fetchGlobalSearch(
  term: string,
  categories: readonly SearchCategory[],
  signal?: AbortSignal,
): Promise<GlobalSearchResponse['data']> {
  const body = await api.get<GlobalSearchResponse>('/global-search', {
    query: { search: term, categories: categories.join(',') },
    signal,
  });
  return body.data;
}
