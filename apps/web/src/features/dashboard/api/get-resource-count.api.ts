import { libraryEndpoints, projectEndpoints, projectModelEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { count } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type CountResource = 'projects' | 'libraries' | 'models';

const COUNT_CALLS: Record<CountResource, (signal?: AbortSignal) => Promise<number>> = {
  projects: (signal) => count(projectEndpoints.list, { query: { include_sub_projects: '1' }, signal }),
  libraries: (signal) => count(libraryEndpoints.list, { signal }),
  models: (signal) => count(projectModelEndpoints.list, { signal }),
};

/** GET /projects?include_sub_projects=1&count=1, /libraries?count=1, /projects/models?count=1 → data.count. */
export async function fetchCount(resource: CountResource, signal?: AbortSignal): Promise<number> {
  return COUNT_CALLS[resource](signal);
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
