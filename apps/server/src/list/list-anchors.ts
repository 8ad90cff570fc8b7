import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { ListResource } from './list-resource.ts';

/** Deep pages seek from the nearest anchor below them: at most this many rows are skipped. */
export const ANCHOR_EVERY = 1_000;
/** How long an anchor is trusted; rows added or removed before it shift pages meanwhile. */
export const ANCHOR_TTL_MS = 30_000;
const MAX_ANCHORS = 20_000;

/** The order of a list as plain columns of one direction, the id last. */
export interface SeekOrder {
  columns: Column[];
  descending: boolean;
}

/**
 * The list's order when a deep page may seek by it: every sort field a NOT NULL column (so
 * that a row comparison orders exactly as ORDER BY does) and all in one direction, which the
 * engine's id tie-break then shares. Otherwise null: the page is read by offset.
 */
export function seekOrder(resource: ListResource, sort: { field: string; descending: boolean }[]): SeekOrder | null {
  const descending = sort[0]?.descending ?? false;
  const columns: Column[] = [];
  for (const { field, descending: d } of sort) {
    const select = resource.fields[field]?.select;
    if (d !== descending || !is(select, Column) || !select.notNull) return null;
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

interface Entry {
  values: string[] | null;
  expires: number;
}

/**
 * Remembered anchors: the order values of row `n * ANCHOR_EVERY` of a list (per company,
 * filter and sort). Page 10,000 then reads from its anchor on, not across 500,000 rows.
 * Concurrent requests for the same anchor share one read.
 */
export class PageAnchors {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<string[] | null>>();

  constructor(private readonly now: () => number = Date.now) {}

  async at(key: string, read: () => Promise<string[] | null>): Promise<string[] | null> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) return entry.values;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = read()
      .then((values) => {
        if (this.entries.size >= MAX_ANCHORS) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { values, expires: this.now() + ANCHOR_TTL_MS });
        return values;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
