import type { Paginated, PaginationMeta } from '@meshport/contract';
import { and, type Column, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { notFound } from '#core/http/http-error.ts';
import { ANCHOR_EVERY, afterAnchor, anchorSelection, PageAnchors, type SeekOrder, seekOrder } from './list-anchors.ts';
import { pageLinks, rowShaper } from './list-answer.ts';
import { type ListCacheFeed, queryKey } from './list-cache.ts';
import { EXACT_COUNT_LIMIT, LargeCounts } from './list-count.ts';
import { type ParsedListQuery, parseListQuery, parseRecordQuery } from './list-query.ts';
import type { ListContext, ListResource } from './list-resource.ts';
import { effectiveSort, fromResource, literal, matchIds, orderSql, type SortTerm, selectionOf } from './list-sql.ts';
import { type KeptTotalQuestion, keptTotal, keptTotalQuestion } from './list-totals.ts';

type Row = Record<string, unknown>;

const countSelection = { count: sql<number>`count(*)::int` };

/**
 * From this offset on, a page is read in two steps within one statement: the ids of the
 * page first (an index-only scan over the skipped rows), then the page's own fields for
 * those ids only. Skipping 500,000 rows then reads no table rows, not 500,000 of them; and
 * the fields' subqueries (counts, labels, breadcrumbs) run for the page's rows only, not for
 * every skipped one too (page 40 of the libraries: 7.3 ms by offset, 1.3 ms by ids).
 */
const DEFERRED_OFFSET = 100;
/** From this offset on, a page whose order can seek is read from the nearest anchor (list-anchors.ts). */
const SEEK_OFFSET = 1_000;

interface PageWindow {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export interface ListRequestOptions {
  /** Conditions the route adds (for example from its extra parameters). */
  where?: SQL;
  extraParams?: string[];
  /** False leaves out the resource's leading order (for example favourites first). */
  leadingOrder?: boolean;
}

/** The one list engine (DESIGN §4): every list of the specs goes through `list`. */
export class ListEngine {
  private readonly largeCounts: LargeCounts;
  private readonly anchors: PageAnchors;

  /** With the change feed, totals and anchors are kept until their company changes. */
  constructor(
    private readonly database: Database,
    feed?: ListCacheFeed,
  ) {
    this.largeCounts = new LargeCounts({ feed });
    this.anchors = new PageAnchors({ feed });
  }

  /** The total of a list: exact when small, remembered for a while when large (list-count.ts). */
  private total(
    db: Db,
    resource: ListResource,
    context: ListContext,
    where: SQL | undefined,
    kept: KeptTotalQuestion | null,
  ): Promise<number> {
    if (kept && context.companyId !== null) return keptTotal(db, context.companyId, kept);
    const counted = fromResource(db, resource, countSelection).where(where);
    const key = queryKey(context.companyId, counted);
    const capped = async () => {
      const inner = fromResource(db, resource, { one: sql`1` })
        .where(where)
        .limit(literal(EXACT_COUNT_LIMIT + 1));
      const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from (${inner}) capped`);
      return row?.count ?? 0;
    };
    const countIn = async (tx: Db) => {
      const [row] = (await fromResource(tx, resource, countSelection).where(where)) as { count: number }[];
      return row?.count ?? 0;
    };
    return this.largeCounts.total(
      key,
      capped,
      () => countIn(db),
      () => this.run(resource, context, countIn),
    );
  }

  private conditions(resource: ListResource, query: ParsedListQuery, context: ListContext, extra?: SQL) {
    const conditions: (SQL | undefined)[] = [extra, resource.baseWhere?.(context)];
    if (resource.deletedAt) conditions.push(query.trashed ? isNotNull(resource.deletedAt) : isNull(resource.deletedAt));
    for (const { name, value } of query.filters) conditions.push(resource.filters[name]?.where(value));
    return and(...conditions.filter((c): c is SQL => c !== undefined));
  }

  private run<T>(resource: ListResource, context: ListContext, work: (db: Db) => Promise<T>): Promise<T> {
    if (resource.scope === 'system') return this.database.system.transaction((tx) => work(tx as unknown as Db));
    if (context.companyId === null) throw new Error(`list ${resource.name} needs a company`);
    return this.database.tenant({ companyId: context.companyId, accountId: context.accountId }, work);
  }

  /**
   * One record of the resource (`GET /roles/3`), with the list's fields and
   * `included_fields` / `excluded_fields`; null when `where` matches nothing visible.
   */
  private async one(request: FastifyRequest, resource: ListResource, where: SQL): Promise<Row | null> {
    const fields = parseRecordQuery(request.query as Record<string, string | string[] | undefined>, resource);
    const context = this.context(request);
    const selection = selectionOf(resource, fields);
    const [row] = await this.run(resource, context, (db) =>
      fromResource(db, resource, selection)
        .where(and(where, resource.baseWhere?.(context)))
        .limit(literal(1)),
    );
    return row ? rowShaper(fields)(row as Row) : null;
  }

  /** `{data}` of one record, or 404: another tenant's record is invisible, never forbidden. */
  async record(request: FastifyRequest, resource: ListResource, where: SQL, missing?: string): Promise<{ data: Row }> {
    const row = await this.one(request, resource, where);
    if (!row) throw notFound(missing);
    return { data: row };
  }

  private context(request: FastifyRequest): ListContext {
    return {
      companyId: request.tenant?.company.id ?? null,
      accountId: request.actor?.accountId ?? null,
      platform: request.tenant?.platform ?? null,
    };
  }

  /** The kept total when the page lies in the list's back half, where reading from the end skips fewer rows. */
  private async fromEnd(
    db: Db,
    context: ListContext,
    kept: KeptTotalQuestion,
    offset: number,
  ): Promise<{ total: number } | null> {
    if (context.companyId === null) return null;
    const total = await keptTotal(db, context.companyId, kept);
    return offset > total / 2 ? { total } : null;
  }

  /** A page by OFFSET; deep ones skip over ids only (see DEFERRED_OFFSET). */
  private offsetPage(db: Db, resource: ListResource, selection: Record<string, unknown>, page: PageWindow) {
    const { where, orderBy, limit, offset } = page;
    if (offset < DEFERRED_OFFSET) {
      const rows = fromResource(db, resource, selection)
        .where(where)
        .orderBy(...orderBy)
        .limit(literal(limit));
      return offset === 0 ? rows : rows.offset(literal(offset));
    }
    return this.pageByIds(db, resource, selection, page);
  }

  /**
   * The page's ids first (an index-only walk over the skipped rows), then its fields for those
   * ids. `= any(array(…))` makes the ids one InitPlan and the outer read an index lookup by
   * them, whatever the statistics say; `in (…)` let a planner without statistics (PGlite has
   * no autovacuum) run the ids' sort again for every row of the list as a semi join.
   */
  private pageByIds(db: Db, resource: ListResource, selection: Record<string, unknown>, page: PageWindow) {
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

  /**
   * A deep page read from the nearest anchor below it (list-anchors.ts): the page's rows
   * follow the anchor row in the list's order, after at most ANCHOR_EVERY skipped ones.
   */
  private async seekPage(
    db: Db,
    resource: ListResource,
    context: ListContext,
    selection: Record<string, unknown>,
    page: PageWindow,
    seek: SeekOrder,
  ) {
    const { where, orderBy, limit, offset } = page;
    const anchorRow = Math.floor(offset / ANCHOR_EVERY) * ANCHOR_EVERY;
    const listKey = queryKey(
      context.companyId,
      fromResource(db, resource, anchorSelection(seek))
        .where(where)
        .orderBy(...orderBy),
    );
    const anchor = await this.anchors.at(listKey, anchorRow, async (below) => {
      // The row just before the anchor position, read from the nearest anchor below it.
      const [row] = (await fromResource(db, resource, anchorSelection(seek))
        .where(below ? and(where, afterAnchor(seek, below.values)) : where)
        .orderBy(...orderBy)
        .limit(literal(1))
        .offset(anchorRow - 1 - (below?.row ?? 0))) as Record<string, string>[];
      return row ? seek.columns.map((_, i) => row[`v${i}`] as string) : null;
    });
    if (!anchor) return [];
    return this.pageByIds(db, resource, selection, {
      where: and(where, afterAnchor(seek, anchor)),
      orderBy,
      limit,
      offset: offset - anchorRow,
    });
  }

  async list(
    request: FastifyRequest,
    resource: ListResource,
    options: ListRequestOptions = {},
  ): Promise<(Paginated<Row> & { meta_data?: Record<string, unknown> }) | { data: { count: number } }> {
    const raw = request.query as Record<string, string | string[] | undefined>;
    const query = parseListQuery(raw, resource, options.extraParams);
    const context = this.context(request);
    const where = this.conditions(resource, query, context, options.where);
    const kept = keptTotalQuestion(resource, query, options.where);

    if (query.count) {
      const total = await this.run(resource, context, (db) => this.total(db, resource, context, where, kept));
      return { data: { count: total } };
    }

    const selection = selectionOf(resource, query.fields);
    const { sort, notNull } = effectiveSort(resource, query);
    const tieDescending = query.sort[0]?.descending ?? false;
    const terms: SortTerm[] = [
      ...sort.map(({ field, descending }) => {
        const select = resource.fields[field]?.select as SQL | Column;
        return { expr: select, descending, notNull: notNull(select) };
      }),
      { expr: resource.idColumn, descending: tieDescending, notNull: true },
    ];
    // The list's order, or (reversed) its exact reverse: nulls first ascending, last descending.
    const orderTerms = (reversed: boolean) =>
      terms.map((term) => orderSql(reversed ? { ...term, descending: !term.descending } : term));
    const leading = options.leadingOrder === false ? undefined : resource.leadingOrder?.(context);
    const offset = (query.page - 1) * query.perPage;

    const seek =
      offset >= SEEK_OFFSET && !leading ? seekOrder(resource, sort, { descending: tieDescending, notNull }) : null;
    const scattered = !leading && query.filters.some(({ name }) => resource.filters[name]?.scattered);

    const { rows, total, metaData } = await this.run(resource, context, async (db) => {
      const fromEnd =
        kept && !leading && offset >= DEFERRED_OFFSET ? await this.fromEnd(db, context, kept, offset) : null;
      if (fromEnd) {
        // The back half of a list whose exact total is kept: read from its end, in the reverse
        // order, so that the rows skipped are the fewer ones after the page (decision 0028).
        const limit = Math.min(query.perPage, fromEnd.total - offset);
        const page = { where, orderBy: orderTerms(true), limit, offset: fromEnd.total - offset - limit };
        const [reversed, metaData] = await Promise.all([
          limit > 0 ? this.offsetPage(db, resource, selection, page) : Promise.resolve([]),
          resource.metaData?.(db, context),
        ]);
        return { rows: [...reversed].reverse(), total: fromEnd.total, metaData };
      }
      // A scattered filter (a search) is counted first: when its matches are few, the page is
      // read by sorting them (list-sql.ts, matchIds) instead of walking the sort's index.
      const counted = scattered ? await this.total(db, resource, context, where, kept) : null;
      const orderBy = [...(leading ? [leading] : []), ...orderTerms(false)];
      const page = { where, orderBy, limit: query.perPage, offset };
      const rowsQuery =
        counted !== null && counted <= EXACT_COUNT_LIMIT
          ? offset >= counted
            ? Promise.resolve([])
            : fromResource(db, resource, selection)
                .where(sql`${resource.idColumn} = any(array(${matchIds(db, resource, where, terms, page)}))`)
                .orderBy(...orderBy)
                .limit(literal(query.perPage))
          : seek
            ? this.seekPage(db, resource, context, selection, page, seek)
            : this.offsetPage(db, resource, selection, page);
      // Sent together: on a pipelined connection both answers share one round trip.
      const [rows, metaData] = await Promise.all([rowsQuery, resource.metaData?.(db, context)]);
      if (counted !== null) return { rows, total: counted, metaData };
      // A page read by offset that is not full ends the list (or the list is empty): its rows
      // are the exact total, and the count (which repeats the filter's work) is not sent.
      // Pages read from an anchor are left to the count: the anchor may lag (list-anchors.ts).
      const ends = !seek && rows.length < query.perPage && (rows.length > 0 || offset === 0);
      const total = ends ? offset + rows.length : await this.total(db, resource, context, where, kept);
      return { rows, total, metaData };
    });

    const lastPage = Math.max(1, Math.ceil(total / query.perPage));
    const path = request.url.split('?')[0] ?? '';
    const base = new URLSearchParams();
    for (const [key, value] of Object.entries(raw)) {
      if (key === 'page' || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) base.append(key, v);
    }
    base.set('per_page', String(query.perPage));
    const links = pageLinks(path, base, query.page, lastPage);
    const meta: PaginationMeta = {
      current_page: query.page,
      from: rows.length ? offset + 1 : null,
      last_page: lastPage,
      to: rows.length ? offset + rows.length : null,
      total,
      per_page: query.perPage,
      path,
      links: links.links,
    };
    return {
      data: rows.map(rowShaper(query.fields)),
      meta,
      links: { first: links.first, last: links.last, prev: links.prev, next: links.next },
      ...(metaData ? { meta_data: metaData } : {}),
    };
  }
}
