import {
  type AuthUser,
  hasPermission,
  type PlatformKey,
  SEARCH_CATEGORIES,
  SEARCH_CATEGORY_RULES,
  type SearchCategory,
} from '@meshport/contract';

export const FILTER_GROUPS = ['core', 'security', 'tools'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

/** Checked categories; a category missing from the record counts as checked. */
export type SearchFilters = Partial<Record<SearchCategory, boolean>>;

export type CheckState = 'all' | 'some' | 'none';

export const SEARCH_FILTERS_KEY = 'meshport.globalSearch.filters';

/**
 * The categories this user may search here (shell.md §2, the contract's rules): the permission
 * of each category's list; materials, material categories and property maps only on hatch.
 */
export function availableCategories(
  user: Pick<AuthUser, 'admin' | 'abilities' | 'licences'>,
  platform: PlatformKey,
): SearchCategory[] {
  return SEARCH_CATEGORIES.filter((category) => {
    const rule = SEARCH_CATEGORY_RULES[category];
    if (rule.hatchOnly && (platform !== 'hatch' || !(user.admin || user.licences.includes('hatch')))) return false;
    return hasPermission(user, rule.permission);
  });
}

export function categoriesOfGroup(group: FilterGroup, available: readonly SearchCategory[]): SearchCategory[] {
  return available.filter((category) => SEARCH_CATEGORY_RULES[category].group === group);
}

export function isChecked(filters: SearchFilters, category: SearchCategory): boolean {
  return filters[category] !== false;
}

export function enabledCategories(filters: SearchFilters, available: readonly SearchCategory[]): SearchCategory[] {
  return available.filter((category) => isChecked(filters, category));
}

export function checkState(filters: SearchFilters, categories: readonly SearchCategory[]): CheckState {
  const checked = categories.filter((category) => isChecked(filters, category)).length;
  if (checked === 0) return 'none';
  return checked === categories.length ? 'all' : 'some';
}

/** Sets every category of `categories` on or off (the 'All' and group toggles). */
export function setCategories(
  filters: SearchFilters,
  categories: readonly SearchCategory[],
  checked: boolean,
): SearchFilters {
  const next = { ...filters };
  for (const category of categories) next[category] = checked;
  return next;
}

export function toggleCategory(filters: SearchFilters, category: SearchCategory): SearchFilters {
  return { ...filters, [category]: !isChecked(filters, category) };
}

/** 'Reset Filters': everything checked again. */
export const DEFAULT_FILTERS: SearchFilters = {};

export function readFilters(storage: Pick<Storage, 'getItem'> | undefined): SearchFilters {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SEARCH_FILTERS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const filters: SearchFilters = {};
    for (const category of SEARCH_CATEGORIES) {
      const value = (parsed as Record<string, unknown>)[category];
      if (typeof value === 'boolean') filters[category] = value;
    }
    return filters;
  } catch {
    return {};
  }
}

export function writeFilters(storage: Pick<Storage, 'setItem'> | undefined, filters: SearchFilters): void {
  try {
    storage?.setItem(SEARCH_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage disabled: the filters last until the page reloads.
  }
}

/** The term from the query string: trimmed, or null when there is none (the empty-term message). */
export function searchTerm(params: URLSearchParams): string | null {
  const term = (params.get('search') ?? '').trim();
  return term === '' ? null : term;
}
