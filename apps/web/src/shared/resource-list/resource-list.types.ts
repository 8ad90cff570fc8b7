import type { BulkAnswer, ListEndpoint, ListInputQuery, ListPage } from '@meshport/contract';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { QueryResource } from '@/lib/api/query-keys.ts';
import type { BannerAction } from '../ui/banner.store.ts';
import type { ColumnPriority } from './column-yield.logic.ts';

/** A row of a list endpoint, as the contract types it. */
export type RowOf<E extends ListEndpoint> = z.infer<E['row']>;
/** One answered page of a list endpoint (with its extra keys, e.g. `meta_data`). */
export type PageOf<E extends ListEndpoint> = z.infer<E['answer']> & ListPage<RowOf<E>, unknown>;
/** The names of a list endpoint's filters (`filter[name]`). */
export type FilterNameOf<E extends ListEndpoint> = keyof E['list']['filters'] & string;

export type ListView = 'table' | 'grid' | 'list';

/** What a link in a list points at: a path, optionally with navigation state. */
export type LinkTarget = string | { to: string; state?: unknown };

/** A table column. `sortField` makes the header sortable by that API sort field. */
export interface ResourceColumn<R> {
  id: string;
  header: string;
  cell: (row: R) => ReactNode;
  sortField?: string;
  /** CSS width (e.g. 200 or '40%'). */
  width?: number | string;
  /**
   * When the list is too narrow for its table: 1 never gives way, 3 first (default: 1 for the
   * first column and the name, 3 for dates, people, descriptions, 2 for the rest). A hidden
   * column's value shows under the row's name.
   */
  priority?: ColumnPriority;
}

/** What a card (grid and list views) shows. */
export interface CardFields<R> {
  title: (row: R) => string;
  /** The preview image's URL, or null for the placeholder. */
  image?: (row: R) => string | null | undefined;
  /** Status badge: text and the row's `status_color`. */
  status?: (row: R) => { label: string; color: string } | null | undefined;
  subtitle?: (row: R) => ReactNode;
  /** More about the row under the title, outside the link (times, uploader, progress). */
  details?: (row: R) => ReactNode;
  /** Where the card leads (cards are links). */
  to: (row: R) => LinkTarget;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** An extra filter besides search, sent as `filter[name]` (multi-select values comma-joined). */
export interface ListFilterDeclaration<Page = unknown> {
  name: string;
  label: string;
  kind: 'select' | 'multiselect';
  /** Fixed options, or options read from the last answer (e.g. `meta_data.filters.labels`). */
  options: FilterOption[] | ((page: Page | undefined) => FilterOption[]);
  /** The value when nothing is stored (e.g. 'FINISHED' for items off hatch). */
  defaultValue?: string;
}

export interface SortOption {
  /** API sort value: a field, '-' prefixed for descending. */
  value: string;
  label: string;
}

/** What an action tells the user: shown as a banner in the list. */
export interface ActionOutcome {
  success?: string | null;
  failure?: string | null;
  /** A button on the success banner (Undo after a delete, which restores the records). */
  undo?: BannerAction;
}

/** A bulk answer (`{action, success, failed, message}`) or an outcome to show. */
export type ActionResult = BulkAnswer | ActionOutcome | undefined;

/** What an action handler returns: a result to show, or nothing (it navigated, or shows its own). */
// biome-ignore lint/suspicious/noConfusingVoidType: handlers written as `async () => { … }` return void
export type ActionReturn = ActionResult | void | Promise<ActionResult | void>;

export interface DialogContext<R> {
  selected: R[];
  /** Closes the dialog without doing anything. */
  close: () => void;
  /** Reports what was done: closes the dialog, shows the banner, refreshes and clears the selection. */
  done: (result: ActionResult) => void;
}

/** An entry of the Actions menu; it acts on the checked rows. */
export interface BulkActionDeclaration<R> {
  id: string;
  label: string;
  /** A permission expression ('update-libraries'); hidden without it. */
  permission?: string;
  color?: string;
  /** Only offered when this holds for the selection. */
  available?: (selected: R[]) => boolean;
  /** The confirmation text, stating the count; no confirmation without it. */
  confirm?: (count: number) => string;
  /** Text of the confirm button (default 'Confirm'). */
  confirmLabel?: string;
  danger?: boolean;
  /** Runs the action; a bulk answer's failures show with its `message`. */
  run?: (selected: R[]) => ActionReturn;
  /** Banner text for the rows done (a bulk answer's `success` count). */
  successText?: (count: number) => string;
  /** A dialog of its own instead of a confirmation (e.g. move, which needs targets). */
  dialog?: (context: DialogContext<R>) => ReactNode;
  /** Title of that dialog. */
  dialogTitle?: string;
}

/** An entry of the three-dot menu of one row or card. */
export interface RowActionDeclaration<R> {
  id: string;
  label: string;
  permission?: string;
  color?: string;
  hidden?: (row: R) => boolean;
  disabled?: (row: R) => boolean;
  /** Shown on the disabled entry: why it is disabled. */
  tooltip?: (row: R) => string | null | undefined;
  /** A link entry. */
  to?: (row: R) => LinkTarget;
  /** Asks first when set. */
  confirm?: (row: R) => string;
  confirmLabel?: string;
  danger?: boolean;
  onClick?: (row: R) => ActionReturn;
  /** A dialog of its own instead of a confirmation (e.g. reprocess, which offers units and up axis). */
  dialog?: (row: R, context: Omit<DialogContext<R>, 'selected'>) => ReactNode;
  /** Title of that dialog. */
  dialogTitle?: (row: R) => string;
}

/** The fixed part of the list's query: what the screen decides, not the user. */
export interface FixedQuery<E extends ListEndpoint> {
  filter?: Partial<Record<FilterNameOf<E>, string>>;
  included_fields?: string[];
  excluded_fields?: string[];
  /** List-specific query parameters (`include_sub_projects`, `favorites_first`). */
  extra?: Record<string, string | number | boolean>;
}

/** A list is a declaration: its call, its columns or card fields, filters, sorts and actions. */
export interface ResourceListDeclaration<E extends ListEndpoint, R = RowOf<E>> {
  /** Keys the session-stored state (sort, filters, per page, view); unique per list. */
  id: string;
  endpoint: E;
  /** The resource the list's query key starts with (refreshed on writes and realtime events). */
  resource: QueryResource;
  query?: FixedQuery<E>;
  rowId: (row: R) => string | number;
  /** A row's name, for checkbox labels and menus. */
  rowLabel: (row: R) => string;
  /** Offered views, first the default. */
  views: ListView[];
  columns?: ResourceColumn<R>[];
  card?: CardFields<R>;
  filters?: ListFilterDeclaration<PageOf<E>>[];
  /** Sort choices; Name / Created / Modified both ways when omitted. */
  sorts?: SortOption[];
  defaultSort: string;
  perPage: number;
  /** The list's empty text, such as 'No Items Found' (spec: content.md §8). */
  emptyText: string;
  /** Accessible name of the list. */
  label: string;
  bulkActions?: BulkActionDeclaration<R>[];
  rowActions?: RowActionDeclaration<R>[];
  /** Whether the search field shows (default true). */
  searchable?: boolean;
  /** Checkboxes per row (default: when a bulk action is allowed). */
  selectable?: boolean;
  /** Other resources a finished action refreshes beside `resource`. */
  alsoRefreshes?: QueryResource[];
  /** Banner life in the list (default 5 s, content.md §9). */
  bannerLife?: number;
  /**
   * Right-click on a card or row (or Shift+F10 / the ContextMenu key in it) opens `rowActions`
   * as a context menu at the pointer (default false: the browser's own menu).
   */
  contextMenu?: boolean;
  /** Text shown while the first page loads ('Loading Items...'); a generic one by default. */
  loadingText?: string;
}

/** The user's choices, kept per list in session storage. */
export interface ListState {
  sort: string;
  search: string;
  filters: Record<string, string>;
  perPage: number;
  view: ListView;
  page: number;
}

export type ListQueryOf<E extends ListEndpoint> = ListInputQuery<E>;
