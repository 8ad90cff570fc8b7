/**
 * Which table columns give way when a list is narrower than its table (issue 31): a column's
 * priority 1 never yields, 3 yields first; within a priority the rightmost column yields first.
 */
export type ColumnPriority = 1 | 2 | 3;

export interface YieldingColumn {
  id: string;
  priority?: ColumnPriority;
}

/** Columns that say when and by whom a record changed: the first to give way by default. */
const LOW_PRIORITY_IDS = new Set([
  'created',
  'created_at',
  'updated',
  'updated_at',
  'modified',
  'deleted_at',
  'uploader',
  'users',
  'users_count',
  'description',
  'id',
]);

/** Columns that name the row (an event's message): kept by default, the hidden ones show under them. */
const NAMING_IDS = new Set(['name', 'title', 'message']);

/** The declared priority, else 1 for the first column and the name, 3 for dates, people and texts, 2 otherwise. */
export function columnPriority(column: YieldingColumn, index: number): ColumnPriority {
  if (column.priority !== undefined) return column.priority;
  if (index === 0 || NAMING_IDS.has(column.id)) return 1;
  return LOW_PRIORITY_IDS.has(column.id) ? 3 : 2;
}

/** The column under whose content the hidden columns show: the name, else the first column. */
export function yieldHost(columns: readonly YieldingColumn[]): string | undefined {
  return (columns.find((column) => NAMING_IDS.has(column.id)) ?? columns[0])?.id;
}

/** The ids of the columns that may yield, in the order they give way. */
export function yieldOrder(columns: readonly YieldingColumn[]): string[] {
  return columns
    .map((column, index) => ({ id: column.id, index, priority: columnPriority(column, index) }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((column) => column.id);
}

/** The ids hidden when `count` columns have yielded. */
export function yieldedColumns(order: readonly string[], count: number): Set<string> {
  return new Set(order.slice(0, Math.max(0, count)));
}

export interface YieldState {
  /** How many columns of the yield order are hidden. */
  hidden: number;
  /** Nothing is left to hide: long words break anywhere rather than overflow. */
  squeezed: boolean;
}

export const NOTHING_YIELDED: YieldState = { hidden: 0, squeezed: false };

/**
 * The next state while the table is wider than its list: one more column hidden, then (when
 * none is left) squeezed; null when there is nothing more to do (the table scrolls).
 */
export function nextYield(state: YieldState, yieldable: number): YieldState | null {
  if (state.hidden < yieldable) return { hidden: state.hidden + 1, squeezed: false };
  if (!state.squeezed) return { hidden: state.hidden, squeezed: true };
  return null;
}
