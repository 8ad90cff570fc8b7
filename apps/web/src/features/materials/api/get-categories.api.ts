import { type ListPage, type ListQuery, type MaterialCategory, materialCategoryEndpoints } from '@meshport/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type CategoryPage = ListPage<MaterialCategory, Record<never, never>>;

/** GET /materials/categories?filter[parent_id]=<id|null>&… (content.md §7). */
export async function fetchCategories(query: ListQuery, signal?: AbortSignal): Promise<CategoryPage> {
  return call(materialCategoryEndpoints.list, { query, signal });
}

export const categoriesQueryKey = (query: ListQuery) => queryKey('categories', 'list', query);

export function categoriesQueryOptions(query: ListQuery) {
  return queryOptions({
    queryKey: categoriesQueryKey(query),
    queryFn: ({ signal }) => fetchCategories(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of categories; the previous page stays on screen while the next loads. */
export function useCategories(query: ListQuery, enabled = true) {
  return useQuery({ ...categoriesQueryOptions(query), enabled });
}
