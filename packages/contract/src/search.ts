import { z } from 'zod';
import type { PermissionExpression } from './permissions.ts';

/** shell.md §2: the categories of /global-search, in the order the page shows them. */
export const SEARCH_CATEGORIES = [
  'projects',
  'models',
  'libraries',
  'library_items',
  'materials',
  'material_categories',
  'users',
  'roles',
  'groups',
  'labels',
  'downloads',
  'property_maps',
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export interface SearchCategoryRule {
  /** The filter menu's group. */
  group: 'core' | 'security' | 'tools';
  permission: PermissionExpression;
  /** Shown only on the hatch platform, to holders of the hatch licence. */
  hatchOnly: boolean;
}

/** Who sees which category: the permission of the category's own list. */
export const SEARCH_CATEGORY_RULES: Record<SearchCategory, SearchCategoryRule> = {
  projects: { group: 'core', permission: 'view-projects', hatchOnly: false },
  models: { group: 'core', permission: 'list-project-models', hatchOnly: false },
  libraries: { group: 'core', permission: 'list-libraries', hatchOnly: false },
  library_items: { group: 'core', permission: 'list-library-items|list-libraries', hatchOnly: false },
  materials: { group: 'core', permission: 'list-materials', hatchOnly: true },
  material_categories: { group: 'core', permission: 'list-material-categories|list-materials', hatchOnly: true },
  users: { group: 'security', permission: 'view-system-users', hatchOnly: false },
  roles: { group: 'security', permission: 'view-roles', hatchOnly: false },
  groups: { group: 'security', permission: 'view-groups', hatchOnly: false },
  labels: { group: 'tools', permission: 'list-labels', hatchOnly: false },
  downloads: { group: 'tools', permission: 'list-downloads', hatchOnly: false },
  property_maps: {
    group: 'tools',
    permission: 'create-property-maps|update-property-maps|delete-property-maps',
    hatchOnly: true,
  },
};

/** Rows per category: up to 25, then a View All row (spec: shell.md §2). */
export const SEARCH_RESULTS_PER_CATEGORY = 25;
export const SEARCH_TERM_MAX_LENGTH = 200;
export const SEARCH_EMPTY_MESSAGE = 'The search term cannot be empty. Please enter a valid search term.';

/**
 * One result row: enough for the result tables and the row targets. `name` is the title
 * (a role's title, a user's name); materials are addressed by it. `description` is the
 * short secondary text (a user's e-mail, a download's extension).
 */
export const searchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  updated_at: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const globalSearchResponseSchema = z.object({
  data: z.partialRecord(z.enum(SEARCH_CATEGORIES), z.array(searchResultSchema)),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
