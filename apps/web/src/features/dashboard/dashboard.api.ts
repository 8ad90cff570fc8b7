import {
  type ChangelogItem,
  type Environment,
  MAX_PER_PAGE,
  type Paginated,
  type Project,
  toListSearchParams,
  type User,
} from '@meshport/contract';
import { api } from '../../lib/api/http-client.ts';

/** shell.md §9: the slider shows 5; the dashboard table 25, page 1, newest update first. */
export const RECENT_PROJECTS_SLIDER = 5;
export const RECENT_PROJECTS_TABLE = 25;
const RECENT_SORT = '-updated_at';

export type CountResource = 'projects' | 'libraries' | 'models';

const COUNT_CALLS: Record<CountResource, { path: string; query: Record<string, string> }> = {
  projects: { path: '/projects', query: { include_sub_projects: '1', count: '1' } },
  libraries: { path: '/libraries', query: { count: '1' } },
  models: { path: '/projects/models', query: { count: '1' } },
};

export const dashboardKeys = {
  count: (resource: CountResource) => ['dashboard', 'count', resource] as const,
  recentProjects: (size: number) => ['dashboard', 'recent-projects', size] as const,
  changelog: (environment: string) => ['dashboard', 'changelog', environment] as const,
  myAccount: ['my-account', 'autodesk'] as const,
  myCompany: ['companies', 'my-company'] as const,
};

/** GET /projects?include_sub_projects=1&count=1, /libraries?count=1, /projects/models?count=1 → data.count. */
export async function fetchCount(resource: CountResource, signal?: AbortSignal): Promise<number> {
  const call = COUNT_CALLS[resource];
  const body = await api.get<{ data: { count: number } }>(call.path, { query: call.query, signal });
  return body.data.count;
}

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
  const query = toListSearchParams({ per_page: perPage, page: 1, sort: RECENT_SORT, included_fields: fields });
  // Most recent first on every platform: not customerportal's favourites-first order.
  query.set('favorites_first', '0');
  const body = await api.get<Paginated<RecentProject>>('/projects', { query, signal });
  return body.data;
}

/**
 * The Updates panel's entries: GET /admin/changelog-items, only those released in the current
 * environment (filter[environment]), newest release first. One page of at most 100.
 */
export async function fetchReleasedChangelog(environment: Environment, signal?: AbortSignal): Promise<ChangelogItem[]> {
  const query = toListSearchParams({
    per_page: MAX_PER_PAGE,
    page: 1,
    sort: `-date_on_${environment}`,
    filter: { environment },
  });
  const body = await api.get<Paginated<ChangelogItem>>('/admin/changelog-items', { query, signal });
  return body.data;
}

export type AutodeskAccount = Pick<User, 'autodesk_connected' | 'autodesk_scope_outdated'>;

/** GET /my-account, only the Autodesk flags. */
export async function fetchAutodeskAccount(signal?: AbortSignal): Promise<AutodeskAccount> {
  const body = await api.get<{ data: AutodeskAccount }>('/my-account', {
    query: { included_fields: 'autodesk_connected,autodesk_scope_outdated' },
    signal,
  });
  return body.data;
}
