import {
  type AuthUser,
  hasPermission,
  type PlatformKey,
  type SearchCategory,
  type SearchResult,
} from '@meshport/contract';
import { paths, routeExists } from '@/lib/paths/paths.ts';

export interface SearchTarget {
  to: string;
  state?: unknown;
}

interface RowRule {
  path: (row: SearchResult) => string;
  /** The permission a row click needs (spec: the 'Needs' column of the search targets, shell.md §2). */
  needs?: string;
  state?: (row: SearchResult) => unknown;
}

/** Where a click on a result row goes, per category (spec: the row click targets, shell.md §2). */
const ROW_TARGETS: Record<SearchCategory, RowRule> = {
  projects: { path: (row) => paths.projects.overview(row.id) },
  models: { path: (row) => paths.projects.models.overview(row.id) },
  libraries: { path: (row) => paths.libraries.detail(row.id), state: (row) => ({ name: row.name }) },
  library_items: { path: (row) => paths.libraries.items.overview(row.id) },
  materials: { path: (row) => paths.materials.overview(row.name) },
  material_categories: { path: (row) => paths.materials.categories.detail(row.id) },
  users: { path: (row) => paths.security.users.edit(row.id), needs: 'update-users' },
  roles: { path: (row) => paths.security.roles.edit(row.id), needs: 'update-roles' },
  groups: { path: (row) => paths.security.groups.edit(row.id), needs: 'update-groups' },
  labels: { path: (row) => paths.tools.labels.edit(row.id), needs: 'update-labels' },
  downloads: { path: (row) => paths.tools.downloads.edit(row.id) },
  property_maps: { path: (row) => paths.tools.propertyMaps.edit(row.id), needs: 'update-property-maps' },
};

/** shell.md §2 'View All' targets; models go to the processor, which exists only on hatch. */
const VIEW_ALL: Partial<Record<SearchCategory, { path: string; platform?: PlatformKey }>> = {
  projects: { path: paths.projects.list() },
  models: { path: paths.processor(), platform: 'hatch' },
  libraries: { path: paths.libraries.list() },
  materials: { path: paths.materials.list() },
  users: { path: paths.security.users.list() },
  roles: { path: paths.security.roles.list() },
  groups: { path: paths.security.groups.list() },
  labels: { path: paths.tools.labels.list() },
  downloads: { path: paths.tools.downloads.list() },
  property_maps: { path: paths.tools.propertyMaps.list() },
};

/**
 * Where a result row leads, or null: only when the screen exists in the route table and the
 * user holds what the 'Needs' column asks (the route's own guard still decides on arrival).
 */
export function rowTarget(
  category: SearchCategory,
  row: SearchResult,
  user: Pick<AuthUser, 'admin' | 'abilities'>,
  exists: (path: string) => boolean = routeExists,
): SearchTarget | null {
  const rule = ROW_TARGETS[category];
  if (rule.needs && !hasPermission(user, rule.needs)) return null;
  const to = rule.path(row);
  if (!exists(to)) return null;
  return rule.state ? { to, state: rule.state(row) } : { to };
}

/** The 'View All' link of a category, or null (plain text) when its screen does not exist here. */
export function viewAllTarget(
  category: SearchCategory,
  platform: PlatformKey,
  exists: (path: string) => boolean = routeExists,
): string | null {
  const target = VIEW_ALL[category];
  if (!target || (target.platform && target.platform !== platform)) return null;
  return exists(target.path) ? target.path : null;
}
