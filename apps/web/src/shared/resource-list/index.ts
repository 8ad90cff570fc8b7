export { isBulkAnswer, outcomeBanners } from './action-outcome.logic.ts';
export { DataTable, ReadOnlyTable, useResourceTable } from './data-table.component.tsx';
export { buildListQuery, paginatorVisible, showingRange } from './list-query.logic.ts';
export { LIST_BANNER_LIFE_MS, PER_PAGE_OPTIONS, SEARCH_DEBOUNCE_MS } from './list-state.logic.ts';
export { ResourceList, type ResourceListProps } from './resource-list.component.tsx';
export type {
  ActionOutcome,
  ActionResult,
  ActionReturn,
  BulkActionDeclaration,
  CardFields,
  DialogContext,
  FilterOption,
  FixedQuery,
  LinkTarget,
  ListFilterDeclaration,
  ListView,
  PageOf,
  ResourceColumn,
  ResourceListDeclaration,
  RowActionDeclaration,
  RowOf,
  SortOption,
} from './resource-list.types.ts';
export { StatusBadge } from './status-badge.component.tsx';
