import { type ChangelogItem, changelogEndpoints, type Environment, MAX_PER_PAGE } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { groupChangelogByDate } from '../logic/changelog.logic.ts';

/**
 * The Updates panel's entries: GET /admin/changelog-items, only those released in the current
 * environment (filter[environment]), newest release first. One page of at most 100.
 */
export async function fetchReleasedChangelog(environment: Environment, signal?: AbortSignal): Promise<ChangelogItem[]> {
  const body = await call(changelogEndpoints.list, {
    query: { per_page: MAX_PER_PAGE, page: 1, sort: `-date_on_${environment}`, filter: { environment } },
    signal,
  });
  return body.data;
}

export const releasedChangelogQueryKey = (environment: Environment) =>
  queryKey('changelog', 'released', { environment });

export function releasedChangelogQueryOptions(environment: Environment) {
  return queryOptions({
    queryKey: releasedChangelogQueryKey(environment),
    queryFn: ({ signal }) => fetchReleasedChangelog(environment, signal),
    staleTime: 5 * 60_000,
  });
}

/** The released entries grouped by date, newest first (administration.md Updates panel). */
export function useReleasedChangelog(environment: Environment) {
  return useQuery({
    ...releasedChangelogQueryOptions(environment),
    select: (items) => groupChangelogByDate(items, environment),
  });
}
