import { libraryEndpoints, projectEndpoints, projectModelEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { count } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type CountResource = 'projects' | 'libraries' | 'models';

/**
 * shell.md §7: the projects tile counts sub-projects too, where the projects list shows top-level projects only
 * (its tile says so, dashboard-tiles.component.tsx).
 */
export const COUNT_QUERY: Readonly<Record<CountResource, Readonly<Record<string, string>>>> = {
  projects: { include_sub_projects: '1' },
  libraries: {},
  models: {},
};

/** GET /projects?include_sub_projects=1&count=1, /libraries?count=1, /projects/models?count=1 → data.count. */
export async function fetchCount(resource: CountResource, signal?: AbortSignal): Promise<number> {
  const query = { ...COUNT_QUERY[resource] };
  if (resource === 'projects') return count(projectEndpoints.list, { query, signal });
  return count(resource === 'libraries' ? libraryEndpoints.list : projectModelEndpoints.list, { query, signal });
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
