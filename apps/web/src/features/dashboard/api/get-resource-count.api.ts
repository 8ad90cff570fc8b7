import { libraryEndpoints, projectEndpoints, projectModelEndpoints, TOP_LEVEL_FILTER_VALUE } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { count } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import type { TileCounts } from '../logic/tile-counts.logic.ts';

export type CountResource = 'projects' | 'libraries' | 'models';

/**
 * The total of each tile (shell.md §7: projects with their sub-projects) and, where that takes in
 * more than the list the tile leads to, the count of that list with the list's own query: the
 * projects list shows top-level projects, the libraries page the top-level libraries. The models
 * tile counts what the processor's Models tab lists.
 */
async function fetchCounts(resource: CountResource, signal?: AbortSignal): Promise<TileCounts> {
  if (resource === 'projects') {
    const [total, listed] = await Promise.all([
      count(projectEndpoints.list, { query: { include_sub_projects: '1' }, signal }),
      count(projectEndpoints.list, { signal }),
    ]);
    return { total, listed };
  }
  if (resource === 'libraries') {
    const [total, listed] = await Promise.all([
      count(libraryEndpoints.list, { signal }),
      count(libraryEndpoints.list, { query: { filter: { parent_id: TOP_LEVEL_FILTER_VALUE } }, signal }),
    ]);
    return { total, listed };
  }
  const total = await count(projectModelEndpoints.list, { signal });
  return { total, listed: total };
}

/** `[resource, 'count']`: any write to the resource refreshes its count. */
export const countQueryKey = (resource: CountResource) => queryKey(resource, 'count');

export function countQueryOptions(resource: CountResource) {
  return queryOptions({
    queryKey: countQueryKey(resource),
    queryFn: ({ signal }) => fetchCounts(resource, signal),
  });
}

/** A dashboard tile's total and the count of the list it leads to. */
export function useResourceCount(resource: CountResource) {
  return useQuery(countQueryOptions(resource));
}
