import { ROWS_PER_PAGE_OPTIONS } from '@meshport/contract';
import type { ListState, ListView } from './resource-list.types.ts';

/** Spec: rows per page 5, 10, 15, 20 or 25 (content.md §9). */
export const PER_PAGE_OPTIONS: readonly number[] = ROWS_PER_PAGE_OPTIONS;
/** Spec: the search input waits 250 ms (content.md §9). */
export const SEARCH_DEBOUNCE_MS = 250;
/** Spec: banners last 5 s in the lists (content.md §9). */
export const LIST_BANNER_LIFE_MS = 5000;

const STORAGE_PREFIX = 'meshport.list.';

export interface StateDefaults {
  sort: string;
  perPage: number;
  view: ListView;
  views: readonly ListView[];
  sorts: readonly string[];
  filters: Record<string, string>;
}

/** The state a list opens with when nothing is stored. */
export function initialState(defaults: StateDefaults): ListState {
  return {
    sort: defaults.sort,
    search: '',
    filters: { ...defaults.filters },
    perPage: defaults.perPage,
    view: defaults.view,
    page: 1,
  };
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/**
 * Reads a stored state back, keeping only what is still valid for the list (a sort it still
 * offers, a per-page choice, a view it has, its filters); anything else takes the default.
 */
export function parseStoredState(raw: string | null, defaults: StateDefaults): ListState {
  const state = initialState(defaults);
  if (!raw) return state;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return state;
  }
  if (typeof stored !== 'object' || stored === null) return state;
  const value = stored as Partial<Record<keyof ListState, unknown>>;
  if (typeof value.sort === 'string' && defaults.sorts.includes(value.sort)) state.sort = value.sort;
  if (typeof value.search === 'string') state.search = value.search;
  if (typeof value.perPage === 'number' && PER_PAGE_OPTIONS.includes(value.perPage)) state.perPage = value.perPage;
  if (typeof value.view === 'string' && defaults.views.includes(value.view as ListView)) {
    state.view = value.view as ListView;
  }
  if (isRecordOfStrings(value.filters)) {
    for (const name of Object.keys(defaults.filters)) {
      const filter = value.filters[name];
      if (filter !== undefined) state.filters[name] = filter;
    }
  }
  if (typeof value.page === 'number' && Number.isInteger(value.page) && value.page >= 1) state.page = value.page;
  return state;
}

export function storageKey(listId: string): string {
  return `${STORAGE_PREFIX}${listId}`;
}

/** The stored state of a list, or the defaults (storage may be unavailable). */
export function readListState(storage: Storage | undefined, listId: string, defaults: StateDefaults): ListState {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(storageKey(listId)) ?? null;
  } catch {
    raw = null;
  }
  return parseStoredState(raw, defaults);
}

export function writeListState(storage: Storage | undefined, listId: string, state: ListState): void {
  try {
    storage?.setItem(storageKey(listId), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the list still works, it only forgets.
  }
}

/** True when the filters (search included) differ from the defaults: the reset button's state. */
export function filtersChanged(state: ListState, defaults: StateDefaults): boolean {
  if (state.search !== '') return true;
  if (state.sort !== defaults.sort || state.perPage !== defaults.perPage) return true;
  return Object.entries(defaults.filters).some(([name, value]) => (state.filters[name] ?? '') !== value);
}

/** A change of sort, search, filter or page size starts again at page 1. */
export function changeState(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, filters: { ...state.filters, ...change.filters }, page: 1 };
}
