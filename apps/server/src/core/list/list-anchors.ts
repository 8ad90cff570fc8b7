import { Column, is, type SQL, sql } from 'drizzle-orm';
import { CompanyKeyedMemory, InFlight, type ListCacheFeed } from './list-cache.ts';
import type { ListResource } from './list-resource.ts';

/** Deep pages seek from the nearest anchor below them: at most this many rows are skipped. */
export const ANCHOR_EVERY = 250;
/**
 * How long an anchor is trusted without a live change feed: rows added or removed before it
 * shift pages meanwhile. With one, a change in the company drops its anchors at once.
 */
export const ANCHOR_TTL_MS = 30_000;
const MAX_LISTS = 2_000;

/** The order of a list as plain columns of one direction, the id last. */
export interface SeekOrder {
  columns: Column[];
  descending: boolean;
}

/**
 * The list's order when a deep page may seek by it: every sort field a NOT NULL column (so
 * that a row comparison orders exactly as ORDER BY does) and all in one direction, which the
 * engine's id tie-break then shares. Otherwise null: the page is read by offset.
 * `options.descending` is the tie-break's direction when the engine left sort fields out (it
 * follows the first requested field); `options.notNull` says which columns hold no nulls in
 * the list (a NOT NULL column by default).
 */
export function seekOrder(
  resource: ListResource,
  sort: { field: string; descending: boolean }[],
  options: { descending?: boolean; notNull?: (select: unknown) => boolean } = {},
): SeekOrder | null {
  const descending = options.descending ?? sort[0]?.descending ?? false;
  const notNull = options.notNull ?? ((select: unknown) => is(select, Column) && select.notNull);
  const columns: Column[] = [];
  for (const { field, descending: d } of sort) {
    const select = resource.fields[field]?.select;
    if (d !== descending || !is(select, Column) || !notNull(select)) return null;
    columns.push(select);
  }
  if (columns.at(-1) !== resource.idColumn) columns.push(resource.idColumn);
  return { columns, descending };
}

/** The anchor row's order values as text (no precision lost, timestamps included). */
export function anchorSelection(order: SeekOrder): Record<string, SQL> {
  return Object.fromEntries(order.columns.map((column, i) => [`v${i}`, sql`${column}::text`]));
}

/** Rows after the anchor in the list's order: one row comparison, which a btree index seeks to. */
export function afterAnchor(order: SeekOrder, values: string[]): SQL {
  const columns = sql.join(
    order.columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const anchor = sql.join(
    order.columns.map((column, i) => sql`${values[i]}::${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  return order.descending ? sql`(${columns}) < (${anchor})` : sql`(${columns}) > (${anchor})`;
}

export interface Anchor {
  /** Its position: the anchor stands for the row just before row `row` (0-based). */
  row: number;
  values: string[];
}

/** Row → the order values of the row before it; null past the end of the list. */
type AnchoredList = Map<number, string[] | null>;

/**
 * Remembered anchors of lists (per company, filter and sort): the order values at every
 * ANCHOR_EVERY-th row. Page 10,000 then reads from its anchor on, not across 500,000 rows,
 * and a new anchor is read from the nearest one below it. A list's anchors expire together;
 * concurrent requests for the same anchor share one read.
 */
export class PageAnchors {
  private readonly lists: CompanyKeyedMemory<AnchoredList>;
  private readonly pending = new InFlight<string[] | null>();

  constructor(options: { feed?: ListCacheFeed; now?: () => number } = {}) {
    this.lists = new CompanyKeyedMemory({ maxEntries: MAX_LISTS, unfollowedTtlMs: ANCHOR_TTL_MS, ...options });
  }

  async at(
    listKey: string,
    row: number,
    read: (below: Anchor | null) => Promise<string[] | null>,
  ): Promise<string[] | null> {
    const kept = this.lists.get(listKey);
    const anchors: AnchoredList = kept && !kept.expired ? kept.value : new Map();
    if (anchors !== kept?.value) this.lists.set(listKey, anchors, this.lists.token());
    const known = anchors.get(row);
    if (known !== undefined) return known;
    let below: Anchor | null = null;
    for (const [at, values] of anchors) {
      if (values && at < row && (!below || at > below.row)) below = { row: at, values };
    }
    // A read that outlives a change lands in the list's old map, which nobody reads any more.
    return this.pending.run(`${listKey}\u0000${row}`, async () => {
      const values = await read(below);
      anchors.set(row, values);
      return values;
    });
  }
}
