import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/http-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type CountResource = 'projects' | 'libraries' | 'models';

const COUNT_CALLS: Record<CountResource, { path: string; query: Record<string, string> }> = {
  projects: { path: '/projects', query: { include_sub_projects: '1', count: '1' } },
  libraries: { path: '/libraries', query: { count: '1' } },
  models: { path: '/projects/models', query: { count: '1' } },
};

/** GET /projects?include_sub_projects=1&count=1, /libraries?count=1, /projects/models?count=1 → data.count. */
export async function fetchCount(resource: CountResource, signal?: AbortSignal): Promise<number> {
  const call = COUNT_CALLS[resource];
  const body = await api.get<{ data: { count: number } }>(call.path, { query: call.query, signal });
  return body.data.count;
}

/** `[resource, 'count']`: any write to the resource refreshes its count. */
export const countQueryKey = (resource: CountResource) => queryKey(resource, 'count');

export function countQueryOptions(resource: CountResource) {
  return queryOptions({
    queryKey: countQueryKey(resource),
    queryFn: ({ signal }) => fetchCount(resource, signal),
  });
}

/** A dashboard tile's total. */
export function useResourceCount(resource: CountResource) {
  return useQuery(countQueryOptions(resource));
}
