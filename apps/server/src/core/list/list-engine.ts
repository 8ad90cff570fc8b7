import type { Paginated, PaginationMeta } from '@meshport/contract';
import { and, type Column, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { renderedOnce } from '#core/db/rendered-once.ts';
import { notFound } from '#core/http/http-error.ts';
import { keepOutOfCache } from '#core/http/response-cache.hooks.ts';
import { type SeekOrder, seekOrder } from './list-anchors.ts';
import { pageLinks, rowShaper } from './list-answer.ts';
import { type ListCacheFeed, queryKey } from './list-cache.ts';
import { listConditions, searchParts } from './list-conditions.ts';
import { EXACT_COUNT_LIMIT, LargeCounts, type ListTotal } from './list-count.ts';
import { DeepPages } from './list-deep-pages.ts';
import { estimateMatches, exact, type SearchParts } from './list-estimate.ts';
import { type ParsedListQuery, parseListQuery, parseRecordQuery } from './list-query.ts';
import type { ListContext, ListResource } from './list-resource.ts';
import {
  effectiveSort,
  firstMatches,
  fromResource,
  literal,
  matchIds,
  orderSql,
  type PageWindow,
  pageByIds,
  probeIds,
  type SortTerm,
  selectionOf,
} from './list-sql.ts';
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
/** Lists from this many rows have their default order's anchors read at start (`warmDeepPages`). */
export const WARM_DEEP_PAGES_FROM = 50_000;
/**
 * How far the first pages of a broad search walk the sort's index (`probeIds`): a search with
 * more than EXACT_COUNT_LIMIT matches in a list of a million rows matches at least one row in
 * a hundred, so a page of 25 lies within ~2,500 rows unless its matches cluster elsewhere.
 * The walk stops at its page; it reaches the bound only when they do. 50,000 (was 20,000,
 * decision 0046): "oak" under `sort=name` has its first match 29,718 names in (after the
 * "Bleached" pieces of 18 materials before it), and sorting its 33,000 matches instead took
 * 150–275 ms where walking to them takes a third of that.
 */
const PROBE_ROWS = 50_000;
const PROBE_ROWS_PER_MATCH = 200;

export interface ListRequestOptions {
  /** Conditions the route adds (for example from its extra parameters). */
  where?: SQL;
  extraParams?: string[];
  /** False leaves out the resource's leading order (for example favourites first). */
  leadingOrder?: boolean;
}

/**
 * The order of a list: its sort terms with the id as tie-break, the ORDER BY of them or of
 * their exact reverse (nulls first ascending, last descending), and the order a deep page may
 * seek by, if any.
 */
function listOrder(resource: ListResource, query: ParsedListQuery) {
  const { sort, notNull } = effectiveSort(resource, query);
  const tieDescending = query.sort[0]?.descending ?? false;
  const terms: SortTerm[] = [
    ...sort.map(({ field, descending }) => {
      const select = resource.fields[field]?.select as SQL | Column;
      return { expr: is(select, SQL) ? renderedOnce(select) : select, descending, notNull: notNull(select) };
    }),
    { expr: resource.idColumn, descending: tieDescending, notNull: true },
  ];
  const orderTerms = (reversed: boolean) =>
    terms.map((term) => orderSql(reversed ? { ...term, descending: !term.descending } : term));
  return { terms, orderTerms, seekable: seekOrder(resource, sort, { descending: tieDescending, notNull }) };
}

/** The one list engine: every list of the specs goes through `list`. */
export class ListEngine {
  private readonly largeCounts: LargeCounts;
  private readonly deepPages: DeepPages;

  /** With the change feed, totals and anchors are kept until their company changes. */
  constructor(
    private readonly database: Database,
    feed?: ListCacheFeed,
  ) {
    this.largeCounts = new LargeCounts({ feed });
    this.deepPages = new DeepPages(
      (resource, context, work) => this.run(resource, context, work),
      database.system,
      feed,
    );
  }

  /**
   * The total of a list: exact when small, remembered for a while when large (list-count.ts).
   * With `search` (the list's scattered filters apart from the rest), a large first total is
   * estimated from a sample while the exact count runs behind it (docs/decisions/0029).
   */
  private async total(
    db: Db,
    resource: ListResource,
    context: ListContext,
    where: SQL | undefined,
    kept: KeptTotalQuestion | null,
    search?: SearchParts,
    cappedRead?: () => Promise<number>,
  ): Promise<ListTotal> {
    if (kept && context.companyId !== null) return exact(await keptTotal(db, context.companyId, kept));
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
    const refresh = () => this.run(resource, context, countIn);
    if (search) {
      const estimate = (sampleRows?: number) =>
        estimateMatches(
          db,
          resource,
          search,
          () => this.total(db, resource, context, search.base, search.kept).then((total) => total.count),
          sampleRows,
        );
      return this.largeCounts.totalOrEstimate(key, cappedRead ?? capped, estimate, refresh);
    }
    return exact(await this.largeCounts.total(key, capped, () => countIn(db), refresh));
  }

  private run<T>(resource: ListResource, context: ListContext, work: (db: Db) => Promise<T>): Promise<T> {
    if (resource.scope === 'system') return this.database.system.transaction((tx) => work(tx));
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

  /** A page by offset, or from an anchor where its order can seek (`stale`: see DeepPages.page). */
  private async pageRows(
    db: Db,
    resource: ListResource,
    context: ListContext,
    selection: Record<string, unknown>,
    page: PageWindow,
    seek: SeekOrder | null,
  ): Promise<{ rows: Row[]; stale: boolean }> {
    if (seek) return this.deepPages.page(db, resource, context, selection, page, seek);
    return { rows: (await this.offsetPage(db, resource, selection, page)) as Row[], stale: false };
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
    return pageByIds(db, resource, selection, page);
  }

  /**
   * A search's page and total. Few matches (at most EXACT_COUNT_LIMIT): counted and sorted
   * from one read of the matches themselves. Many: the total is remembered or estimated; the
   * first pages walk the sort's index for a bounded stretch, falling back to sorting the
   * matches when they cluster beyond it; deeper pages read by offset or from an anchor
   * (decisions 0028, 0029).
   */
  private async searchAnswer(
    db: Db,
    resource: ListResource,
    context: ListContext,
    selection: Record<string, unknown>,
    { search, terms, seek }: { search: SearchParts; terms: SortTerm[]; seek: SeekOrder | null },
    page: PageWindow,
  ): Promise<{ rows: Row[]; total: ListTotal; stale?: boolean }> {
    const amongIds = (ids: SQL) => sql`${resource.idColumn} = any(array(${ids}))`;
    const byIds = (condition: SQL): Promise<Row[]> =>
      fromResource(db, resource, selection)
        .where(condition)
        .orderBy(...page.orderBy)
        .limit(literal(page.limit));
    const read: { first?: { count: number; ids: unknown[] } } = {};
    const capped = async () => {
      read.first = await firstMatches(db, resource, page.where, terms, page, EXACT_COUNT_LIMIT + 1);
      return read.first.count;
    };
    const total = await this.total(db, resource, context, page.where, null, search, capped);
    const sorted = () => byIds(amongIds(matchIds(db, resource, page.where, terms, page)));
    if (total.count <= EXACT_COUNT_LIMIT) {
      if (page.offset >= total.count) return { rows: [], total };
      const ids = read.first?.ids;
      if (!ids) return { rows: await sorted(), total };
      const listed = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = ids.length ? await byIds(sql`${resource.idColumn} in (${listed})`) : [];
      return { rows, total };
    }
    if (page.offset >= DEFERRED_OFFSET) {
      return { ...(await this.pageRows(db, resource, context, selection, page, seek)), total };
    }
    const walked = Math.max(PROBE_ROWS, (page.offset + page.limit) * PROBE_ROWS_PER_MATCH);
    const probed = await byIds(amongIds(probeIds(db, resource, search, terms, page, walked)));
    const ends = probed.length === page.limit || page.offset + probed.length >= total.count;
    return { rows: ends ? probed : await sorted(), total };
  }

  /**
   * Reads, ahead of their first deep page, the anchors of this resource's lists of at least
   * WARM_DEEP_PAGES_FROM rows under their default order: per company, from the kept totals.
   * A first-request cost paid at start (decision 0030); other orders read theirs when asked.
   */
  async warmDeepPages(resource: ListResource, fromRows = WARM_DEEP_PAGES_FROM): Promise<void> {
    const plain = !resource.baseWhere && !resource.leadingOrder && resource.scope !== 'system';
    if (!resource.keptTotals || !resource.deletedAt || !plain) return;
    const large = await queryRows<{ companyId: number; rows: number }>(
      this.database.system,
      sql`select company_id as "companyId", sum(n)::int as rows from list_totals
        where list_table = ${getTableName(resource.table)} and not trashed
        group by company_id having sum(n) >= ${fromRows}`,
    );
    const query = parseListQuery({}, resource);
    const { orderTerms, seekable } = listOrder(resource, query);
    if (!seekable) return;
    for (const { companyId, rows } of large) {
      const context: ListContext = { companyId, accountId: null, platform: null };
      const order = { where: listConditions(resource, query, context), orderBy: orderTerms(false) };
      await this.deepPages.warm(resource, context, order, seekable, rows);
    }
  }

  async list(
    request: FastifyRequest,
    resource: ListResource,
    options: ListRequestOptions = {},
  ): Promise<(Paginated<Row> & { meta_data?: Record<string, unknown> }) | { data: { count: number } }> {
    const raw = request.query as Record<string, string | string[] | undefined>;
    const query = parseListQuery(raw, resource, options.extraParams);
    const context = this.context(request);
    const where = listConditions(resource, query, context, options.where);
    const kept = keptTotalQuestion(resource, query, options.where);

    if (query.count) {
      const total = await this.run(resource, context, (db) => this.total(db, resource, context, where, kept));
      return { data: { count: total.count } };
    }

    const selection = selectionOf(resource, query.fields);
    const { terms, orderTerms, seekable } = listOrder(resource, query);
    const leading = options.leadingOrder === false ? undefined : resource.leadingOrder?.(context);
    const offset = (query.page - 1) * query.perPage;

    const seek = offset >= SEEK_OFFSET && !leading ? seekable : null;
    const search = leading ? null : searchParts(resource, query, context, options.where);

    const { rows, total, metaData, stale } = await this.run(resource, context, async (db) => {
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
        return { rows: [...reversed].reverse(), total: exact(fromEnd.total), metaData, stale: false };
      }
      const orderBy = [...(leading ? [leading] : []), ...orderTerms(false)];
      const page = { where, orderBy, limit: query.perPage, offset };
      if (search) {
        const [answer, metaData] = await Promise.all([
          this.searchAnswer(db, resource, context, selection, { search, terms, seek }, page),
          resource.metaData?.(db, context),
        ]);
        return { ...answer, metaData };
      }
      // Sent together: on a pipelined connection both answers share one round trip.
      const [{ rows, stale }, metaData] = await Promise.all([
        this.pageRows(db, resource, context, selection, page, seek),
        resource.metaData?.(db, context),
      ]);
      // A page read by offset that is not full ends the list (or the list is empty): its rows
      // are the exact total, and the count (which repeats the filter's work) is not sent.
      // Pages read from an anchor are left to the count: the anchor may lag (list-anchors.ts).
      const ends = !seek && rows.length < query.perPage && (rows.length > 0 || offset === 0);
      const total = ends ? exact(offset + rows.length) : await this.total(db, resource, context, where, kept);
      return { rows, total, metaData, stale };
    });

    if (total.estimated || stale) keepOutOfCache(request);
    const lastPage = Math.max(1, Math.ceil(total.count / query.perPage));
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
      total: total.count,
      ...(total.estimated ? { total_estimated: true } : {}),
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
