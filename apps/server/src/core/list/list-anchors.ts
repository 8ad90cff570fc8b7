import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CompanyKeyedMemory, InFlight, type ListCacheFeed } from './list-cache.ts';
import type { ListResource } from './list-resource.ts';
import { literal } from './list-sql.ts';

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

/**
 * The anchor row: the order values of the row `skip` rows into `rows`, as text. The text is made
 * outside the skipping read: made inside, it would be made for every skipped row too (350 ms
 * instead of 65 for the middle of a million rows).
 */
export function anchorRowSql(order: SeekOrder, rows: PgSelect, skip: number): SQL {
  return sql`select ${valuesAsText(order)} from (${rows.limit(literal(1)).offset(skip)}) anchor`;
}

/** `v0::text as v0, …`: the order values of `orderSelection`, as text. */
function valuesAsText(order: SeekOrder): SQL {
  const values = order.columns.map((_, i) => sql`${sql.identifier(`v${i}`)}::text as ${sql.identifier(`v${i}`)}`);
  return sql.join(values, sql`, `);
}

/** The order values as they are, to read an anchor row with (`anchorRowSql`). */
export function orderSelection(order: SeekOrder): Record<string, SQL.Aliased> {
  return Object.fromEntries(order.columns.map((column, i) => [`v${i}`, sql`${column}`.as(`v${i}`)]));
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

/**
 * Every ANCHOR_EVERY-th anchor of a list up to row `untilRow`, read in one walk of its order
 * (the start-up warm-up, and the refresh of anchors a change made stale).
 */
export type AnchorWalk = (untilRow: number) => Promise<Map<number, string[]>>;

/**
 * The statement of an `AnchorWalk`: the list's rows numbered in its order (`rows` selects
 * `orderSelection` and `n`, its row number), every ANCHOR_EVERY-th kept, as text.
 */
export function anchorWalkSql(order: SeekOrder, rows: PgSelect): SQL {
  return sql`select n::int as n, ${valuesAsText(order)} from (${rows}) walk where n % ${literal(ANCHOR_EVERY)} = 0`;
}

/**
 * How long after they were read anchors are still served once stale (a change, or the memory's
 * own expiry), while one walk reads them again behind the answer: a row added or removed before
 * a deep page shifts it by one row until then. Longer than the memory's expiry with a live
 * change feed (10 minutes), so that a quiet list's anchors are refreshed, not dropped.
 */
export const STALE_ANCHORS_MS = 30 * 60_000;
/** A list's anchors are read again at most this often while changes keep making them stale. */
export const ANCHOR_REFRESH_SPACING_MS = 30_000;

interface AnchoredList {
  /** Row → the order values of the row before it; null past the end of the list. */
  rows: Map<number, string[] | null>;
  readAt: number;
  /** No refresh before this time; Infinity while one runs. */
  refreshFrom: number;
}

/**
 * Remembered anchors of lists (per company, filter and sort): the order values at every
 * ANCHOR_EVERY-th row. Page 10,000 then reads from its anchor on, not across 500,000 rows,
 * and a new anchor is read from the nearest one below it; concurrent requests for the same
 * anchor share one read. A change in the list makes its anchors stale, not gone: they still
 * answer while one walk reads them again behind the answer (decision 0030).
 */
export class PageAnchors {
  private readonly lists: CompanyKeyedMemory<AnchoredList>;
  private readonly pending = new InFlight<string[] | null>();

  constructor(private readonly options: { feed?: ListCacheFeed; now?: () => number } = {}) {
    this.lists = new CompanyKeyedMemory({
      maxEntries: MAX_LISTS,
      unfollowedTtlMs: ANCHOR_TTL_MS,
      onChange: 'expire',
      ...options,
    });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** `refreshed`: read again after a change, so not read again for ANCHOR_REFRESH_SPACING_MS. */
  private store(listKey: string, rows: Map<number, string[] | null>, token: number, refreshed: boolean): AnchoredList {
    const list = { rows, readAt: this.now(), refreshFrom: this.now() + (refreshed ? ANCHOR_REFRESH_SPACING_MS : 0) };
    this.lists.set(listKey, list, token);
    return list;
  }

  /** Reads a list's anchors up to `untilRow` ahead of its first deep page (first-request costs paid at start). */
  async warm(listKey: string, walk: AnchorWalk, untilRow: number): Promise<void> {
    const token = this.lists.token();
    this.store(listKey, await walk(untilRow), token, false);
  }

  async at(
    listKey: string,
    row: number,
    read: (below: Anchor | null) => Promise<string[] | null>,
    walk: AnchorWalk,
  ): Promise<{ values: string[] | null; stale: boolean }> {
    const kept = this.lists.get(listKey);
    let list = kept?.value;
    const stale = kept?.expired === true && list !== undefined && this.now() - list.readAt <= STALE_ANCHORS_MS;
    if (!list || (kept?.expired && !stale)) list = this.store(listKey, new Map(), this.lists.token(), false);
    else if (stale) this.refreshBehind(listKey, list, walk);
    const rows = list.rows;
    const known = rows.get(row);
    if (known !== undefined) return { values: known, stale };
    let below: Anchor | null = null;
    for (const [at, values] of rows) {
      if (values && at < row && (!below || at > below.row)) below = { row: at, values };
    }
    // A read that outlives a refresh lands in the list's old map, which nobody reads any more.
    const values = await this.pending.run(`${listKey}\u0000${row}`, async () => {
      const values = await read(below);
      rows.set(row, values);
      return values;
    });
    return { values, stale };
  }

  /** One walk reads a stale list's anchors again, up to the deepest it knows; meanwhile they answer. */
  private refreshBehind(listKey: string, list: AnchoredList, walk: AnchorWalk): void {
    if (this.now() < list.refreshFrom) return;
    list.refreshFrom = Number.POSITIVE_INFINITY;
    let deepest = 0;
    for (const [at, values] of list.rows) if (values && at > deepest) deepest = at;
    const token = this.lists.token();
    if (deepest === 0) {
      this.store(listKey, new Map(), token, false);
      return;
    }
    // A change during the walk stores the new anchors as stale already: the next walk waits its turn.
    walk(deepest).then(
      (rows) => this.store(listKey, rows, token, true),
      // The stale anchors stay until STALE_ANCHORS_MS; then a request reads its own anchor,
      // and a database that fails it answers that request with the error.
      () => {
        list.refreshFrom = this.now() + ANCHOR_REFRESH_SPACING_MS;
      },
    );
  }
}
