import { and, Column, is, SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '#core/db/database.ts';
import { renderedOnce } from '#core/db/rendered-once.ts';
import type { ParsedListQuery } from './list-query.ts';
import type { ListResource } from './list-resource.ts';

/**
 * The requested sort as the database should see it, and which sort columns hold no nulls in
 * the list. The recycle-bin column is null on every live row and set on every binned one
 * (`conditions`): on live rows ordering by it orders nothing, so it is left out (the id
 * tie-break keeps its direction); in the bin it is as good as NOT NULL. Both orders are then
 * one index scan that stops after the page, instead of a sort of every row.
 */
export function effectiveSort(
  resource: ListResource,
  query: ParsedListQuery,
): { sort: ParsedListQuery['sort']; notNull: (select: unknown) => boolean } {
  const deletedAt = resource.deletedAt;
  const isDeletedAt = (field: string) => deletedAt !== undefined && resource.fields[field]?.select === deletedAt;
  return {
    sort: query.trashed ? query.sort : query.sort.filter(({ field }) => !isDeletedAt(field)),
    notNull: (select) =>
      is(select, Column) && (select.notNull || (query.trashed && deletedAt !== undefined && select === deletedAt)),
  };
}

/** The resource's table with its joins, ready for `where` / `orderBy`. */
export function fromResource(db: Db, resource: ListResource, selection: Record<string, unknown>): PgSelect {
  let query = db
    .select(selection as Record<string, SQL>)
    .from(resource.table)
    .$dynamic() as PgSelect;
  for (const join of resource.joins ?? []) {
    query = (
      join.kind === 'left' ? query.leftJoin(join.table, join.on) : query.innerJoin(join.table, join.on)
    ) as PgSelect;
  }
  return query;
}

/**
 * The fields to select, each SQL field rendered once (rendered-once.ts). A field left unrendered
 * is wrapped: in a single-table select Drizzle drops the table name from a field's own
 * top-level columns, which would rebind correlated subqueries
 * (`where role_abilities.role_id = roles.id`) to the inner table. A rendered one has its
 * columns written out with their tables already.
 */
export function selectionOf(resource: ListResource, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((name) => {
      const select = resource.fields[name]?.select;
      if (!is(select, SQL)) return [name, select];
      const rendered = renderedOnce(select);
      return [name, rendered === select ? sql`${select}` : rendered];
    }),
  );
}

/**
 * A LIMIT or OFFSET written into the statement's text instead of sent as a parameter. With a
 * parameter there, PostgreSQL cannot cost a generic plan (it assumes a tenth of the rows), so
 * every run of a prepared list statement is planned again, which took longer than running it
 * (0.45 of 0.78 ms for the first items page). Page sizes and shallow offsets are a handful of
 * values, so their texts stay few; deep offsets stay parameters (decision 0028).
 */
export function literal(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  // Drizzle types `.limit()` and `.offset()` as taking a number (or a placeholder) but writes an
  // SQL chunk given there into the text as it is; the builder has no typed way to say so.
  return sql.raw(String(n)) as unknown as number;
}

/** One term of a list's order: what it orders by, which way, and whether it can be null. */
export interface SortTerm {
  expr: SQL | Column;
  descending: boolean;
  notNull: boolean;
}

/**
 * The term as ORDER BY text, on the expression itself or on a column of that name. Nulls come
 * first ascending and last descending; no NULLS clause on a NOT NULL column, so that the order
 * matches a (company_id, column, id) index scanned either way, instead of a sort of every row.
 */
export function orderSql(term: SortTerm, on: SQL | Column = sql`${term.expr}`): SQL {
  if (term.notNull) return term.descending ? sql`${on} desc` : sql`${on} asc`;
  return term.descending ? sql`${on} desc nulls last` : sql`${on} asc nulls first`;
}

/** A sort term's expression without its `as` alias, to select it under a name of our own. */
const unaliased = (expr: SQL | Column) => (is(expr, SQL.Aliased) ? (expr as SQL.Aliased).sql : expr);

/**
 * The ids of one page of a filtered list, read through the filter's own index and sorted
 * there: every match once (materialized: the planner may not turn it back into a walk along
 * the sort's index), with the values it sorts by, then the page of them in order. A filter
 * whose matches are scattered over every order (a text search) otherwise walks the sort's
 * index until it has found a page of them: across 600,000 rows for a term that sorts late,
 * 0.5–2.9 s on the 1M-item tenant, where sorting its 1,646 matches takes 17 ms (decision
 * 0028). For lists with at most EXACT_COUNT_LIMIT matches, which the engine has just counted.
 */
export function matchIds(
  db: Db,
  resource: ListResource,
  where: SQL | undefined,
  terms: SortTerm[],
  page: { limit: number; offset: number },
): SQL {
  const { matches, order } = sortedMatches(db, resource, where, terms);
  return sql`with matches as materialized (${matches})
    select id from matches order by ${order}
    limit ${literal(page.limit)} offset ${page.offset}`;
}

/** A list's matches with the values they sort by (s0, s1, …), and the ORDER BY over those. */
function sortedMatches(db: Db, resource: ListResource, where: SQL | undefined, terms: SortTerm[]) {
  const selection: Record<string, unknown> = { id: sql`${resource.idColumn}`.as('id') };
  terms.forEach((term, i) => {
    selection[`s${i}`] = sql`${unaliased(term.expr)}`.as(`s${i}`);
  });
  const order = terms.map((term, i) => orderSql(term, sql`${sql.identifier(`s${i}`)}`));
  return { matches: fromResource(db, resource, selection).where(where), order: sql.join(order, sql`, `) };
}

/**
 * A search's matches, at most `cap`, counted, and the page's ids among them, in one statement:
 * the count and the page read the same matches once (decision 0029). The ids are the page's
 * only when the count is under the cap (every match was read).
 */
export async function firstMatches(
  db: Db,
  resource: ListResource,
  where: SQL | undefined,
  terms: SortTerm[],
  page: { limit: number; offset: number },
  cap: number,
): Promise<{ count: number; ids: unknown[] }> {
  const { matches, order } = sortedMatches(db, resource, where, terms);
  const [row] = await queryRows<{ count: number; ids: unknown[] | null }>(
    db,
    sql`with matches as materialized (${matches.limit(literal(cap))})
      select (select count(*)::int from matches) as count,
        (select json_agg(id) from (select id from matches order by ${order}
          limit ${literal(page.limit)} offset ${page.offset}) page) as ids`,
  );
  return { count: row?.count ?? 0, ids: row?.ids ?? [] };
}

/**
 * The ids of one page of a broad search, read by walking the sort's index for at most `rows`
 * rows of the unsearched list: a term that matches throughout finds its page within a few
 * hundred rows. When it finds fewer than a page (its matches cluster away from the walk's
 * start, as `modern` under `sort=-name`, 600,000 rows from the end), the engine sorts the
 * matches instead (`matchIds`) rather than walk on (decision 0029).
 */
export function probeIds(
  db: Db,
  resource: ListResource,
  search: { base: SQL | undefined; hit: SQL },
  terms: SortTerm[],
  page: { limit: number; offset: number },
  rows: number,
): SQL {
  const selection: Record<string, unknown> = {
    id: sql`${resource.idColumn}`.as('id'),
    hit: sql`(${search.hit})`.as('hit'),
  };
  terms.forEach((term, i) => {
    selection[`s${i}`] = sql`${unaliased(term.expr)}`.as(`s${i}`);
  });
  const walk = fromResource(db, resource, selection)
    .where(search.base)
    .orderBy(...terms.map((term) => orderSql(term)))
    .limit(literal(rows));
  const order = terms.map((term, i) => orderSql(term, sql`${sql.identifier(`s${i}`)}`));
  return sql`select id from (${walk}) walk where hit order by ${sql.join(order, sql`, `)}
    limit ${literal(page.limit)} offset ${literal(page.offset)}`;
}

/** A page of a list: its rows' condition and order, and which of them. */
export interface PageWindow {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * The page's ids first (an index-only walk over the skipped rows), then its fields for those
 * ids. `= any(array(…))` makes the ids one InitPlan and the outer read an index lookup by
 * them, whatever the statistics say; `in (…)` let a planner without statistics (PGlite has
 * no autovacuum) run the ids' sort again for every row of the list as a semi join.
 */
export function pageByIds(db: Db, resource: ListResource, selection: Record<string, unknown>, page: PageWindow) {
  const { where, orderBy, limit, offset } = page;
  const ids = fromResource(db, resource, { id: resource.idColumn })
    .where(where)
    .orderBy(...orderBy)
    .limit(literal(limit))
    .offset(offset);
  return fromResource(db, resource, selection)
    .where(and(where, sql`${resource.idColumn} = any(array(${ids}))`))
    .orderBy(...orderBy)
    .limit(literal(limit));
}
