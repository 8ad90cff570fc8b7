import type { Project } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchProjects } from '@/lib/api/resources/projects/list-projects.api.ts';

/** shell.md §9: the slider shows 5; the dashboard table 25, page 1, newest update first. */
export const RECENT_PROJECTS_SLIDER = 5;
export const RECENT_PROJECTS_TABLE = 25;
const RECENT_SORT = '-updated_at';

export type RecentProject = Pick<
  Project,
  'id' | 'name' | 'description' | 'preview_image' | 'status' | 'status_color' | 'updated_at'
>;

/** GET /projects?per_page=…&page=1&sort=-updated_at&included_fields=… (shell.md §7). */
export async function fetchRecentProjects(perPage: number, signal?: AbortSignal): Promise<RecentProject[]> {
  const fields =
    perPage === RECENT_PROJECTS_SLIDER
      ? ['id', 'name', 'description', 'preview_image', 'updated_at']
      : ['id', 'name', 'description', 'status', 'status_color', 'updated_at'];
  const body = await fetchProjects(
    {
      per_page: perPage,
      page: 1,
      sort: RECENT_SORT,
      included_fields: fields,
      // Most recent first on every platform: not customerportal's favourites-first order.
      favorites_first: '0',
    },
    signal,
  );
  return body.data;
}

export const recentProjectsQueryKey = (perPage: number) => queryKey('projects', 'recent', { perPage });

export function recentProjectsQueryOptions(perPage: number) {
  return queryOptions({
    queryKey: recentProjectsQueryKey(perPage),
    queryFn: ({ signal }) => fetchRecentProjects(perPage, signal),
  });
}

/** The most recently updated projects: 5 for the slider, 25 for the table. */
export function useRecentProjects(perPage: number) {
  return useQuery(recentProjectsQueryOptions(perPage));
}
