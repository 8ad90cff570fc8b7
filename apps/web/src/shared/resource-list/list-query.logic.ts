import type { ListEndpoint, PaginationMeta } from '@meshport/contract';
import type { FixedQuery, ListQueryOf, ListState, SortOption } from './resource-list.types.ts';

/**
 * The call of a list: the screen's fixed query, then the user's sort, page, size, search and
 * filters. Empty values are left out; the fixed filters win over the user's.
 */
export function buildListQuery<E extends ListEndpoint>(
  fixed: FixedQuery<E> | undefined,
  state: Pick<ListState, 'sort' | 'page' | 'perPage' | 'search' | 'filters'>,
): ListQueryOf<E> {
  const filter: Record<string, string> = {};
  const search = state.search.trim();
  if (search !== '') filter.search = search;
  for (const [name, value] of Object.entries(state.filters)) {
    if (value !== '') filter[name] = value;
  }
  for (const [name, value] of Object.entries(fixed?.filter ?? {})) {
    if (typeof value === 'string') filter[name] = value;
  }
  const query: Record<string, unknown> = {
    ...fixed?.extra,
    page: state.page,
    per_page: state.perPage,
    sort: state.sort,
  };
  if (Object.keys(filter).length > 0) query.filter = filter;
  if (fixed?.included_fields?.length) query.included_fields = fixed.included_fields;
  if (fixed?.excluded_fields?.length) query.excluded_fields = fixed.excluded_fields;
  return query as ListQueryOf<E>;
}

/** content.md §2, §9: the paginator shows only when the answer has more than 3 links. */
export function paginatorVisible(meta: Pick<PaginationMeta, 'links'> | undefined): boolean {
  return (meta?.links.length ?? 0) > 3;
}

/** 'Showing X to Y of Z' numbers; an empty page shows 0 to 0. An estimated total reads 'of about Z'. */
export function showingRange(meta: Pick<PaginationMeta, 'from' | 'to' | 'total' | 'total_estimated'>): {
  key: 'resourceList.showing' | 'resourceList.showingAbout';
  from: number;
  to: number;
  total: number;
} {
  return {
    key: meta.total_estimated ? 'resourceList.showingAbout' : 'resourceList.showing',
    from: meta.from ?? 0,
    to: meta.to ?? 0,
    total: meta.total,
  };
}

/**
 * Name, Created and Modified, each both ways (content.md §2). Not read from the endpoint: the web
 * build keeps only an endpoint's method and path (build/pure-contract.plugin.ts).
 */
export function defaultSortOptions(
  label: (field: 'name' | 'created_at' | 'updated_at', descending: boolean) => string,
): SortOption[] {
  return (['name', 'created_at', 'updated_at'] as const).flatMap((field) => [
    { value: field, label: label(field, false) },
    { value: `-${field}`, label: label(field, true) },
  ]);
}

/** A column sort click: ascending, then descending, then back to the list's default. */
export function nextColumnSort(current: string, field: string, defaultSort: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return defaultSort === field || defaultSort === `-${field}` ? field : defaultSort;
  return field;
}

/** The direction a column is sorted in by the current sort value. */
export function columnSortDirection(current: string, field: string): 'asc' | 'desc' | false {
  if (current === field) return 'asc';
  if (current === `-${field}`) return 'desc';
  return false;
}
