import { type Breadcrumb, type MaterialCategory, materialCategoryEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type CategoryRecord = MaterialCategory & { meta_data: { breadcrumbs: Breadcrumb } };

/** GET /materials/categories/{id}: one category with its breadcrumbs (meta_data) and sub-categories. */
export async function fetchCategory(id: number, signal?: AbortSignal): Promise<CategoryRecord> {
  const body = await call(materialCategoryEndpoints.get, { params: { id }, signal });
  return body.data;
}

export const categoryQueryKey = (id: number) => queryKey('categories', 'detail', id);

export function categoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: categoryQueryKey(id),
    queryFn: ({ signal }) => fetchCategory(id, signal),
  });
}

/** One category; `id` null (the top level) asks nothing. */
export function useCategory(id: number | null) {
  return useQuery({ ...categoryQueryOptions(id ?? 0), enabled: id !== null });
}
