import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const LIVE = 1_100;
const BINNED = 1_150;
const PER_PAGE = 100;

/**
 * The engine reads a list in several shapes: by offset, ids first (from DEFERRED_OFFSET), from
 * an anchor (from row 1,000); it leaves a sort by the recycle-bin column out on live rows and
 * drops its NULLS clause in the bin; a page that is not full gives the total. Whatever the
 * shape, walking every page must give the rows of the plain definition: ORDER BY the sort
 * (nullable columns ascending nulls first, descending nulls last), then the id in the first
 * field's direction; ties many, nulls many. A search reads its matches sorted instead.
 */
describeEachDatabase('list engine: orders across query shapes', (kind) => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('editor');
    const [acme] = await queryRows<{ id: number }>(
      t.database.system,
      sql`select id from companies where sub_domain = 'acme'`,
    );
    companyId = acme?.id as number;
    await t.database.tenant({ companyId }, (tx) =>
      tx.execute(sql`insert into library_items (company_id, name, description, status, started_at, finished_at,
          created_at, deleted_at)
        select ${companyId}, 'Shape ' || lpad((g % 37)::text, 2, '0'),
          case when g % 4 = 0 then null else 'd' || (g % 11) end,
          case when g % 5 = 0 then 'CANCELLED' when g % 5 = 1 then 'FAILED' else 'FINISHED' end,
          case when g % 6 = 0 then null else timestamp '2026-01-01' + make_interval(hours => g / 13) end,
          case when g % 5 > 1 then timestamp '2026-01-01' + make_interval(mins => g / 9) end,
          timestamp '2025-06-01' + make_interval(mins => g / 7),
          case when g > ${LIVE} then timestamp '2026-02-01' + make_interval(mins => g / 7) end
        from generate_series(1, ${LIVE + BINNED}) g`),
    );
  });
  afterAll(() => t.close());

  /** The ids in the definition's order, straight from the table. */
  const expected = async (sort: string, status: string | null, trashed: boolean, search: string | null = null) => {
    const fields = sort
      .split(',')
      .map((part) => ({ column: part.replace(/^-/, ''), descending: part.startsWith('-') }));
    const order = fields
      .map(({ column, descending }) => `${column} ${descending ? 'desc nulls last' : 'asc nulls first'}`)
      .join(', ');
    const rows = await queryRows<{ id: number }>(
      t.database.system,
      sql`select id from library_items where company_id = ${companyId}
        and deleted_at ${sql.raw(trashed ? 'is not null' : 'is null')}
        ${status ? sql`and status = ${status}` : sql``}
        ${search ? sql`and name ilike ${`%${search}%`}` : sql``}
        order by ${sql.raw(order)}, id ${sql.raw(fields[0]?.descending ? 'desc' : 'asc')}`,
    );
    return rows.map((row) => row.id);
  };

  const walk = async (query: string) => {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const res = await t.request(`/v2/libraries/items?per_page=${PER_PAGE}&page=${page}&${query}`, { token });
      expect(res.status, query).toBe(200);
      const rows = res.body.data as { id: number }[];
      ids.push(...rows.map((row) => row.id));
      totals.add(res.body.meta.total as number);
      if (rows.length < PER_PAGE) return { ids, totals: [...totals] };
    }
  };

  const sorts = [
    'name',
    '-name',
    'description',
    '-description',
    'started_at',
    '-started_at',
    'finished_at',
    '-finished_at',
    'deleted_at',
    '-deleted_at',
    '-deleted_at,name',
    'deleted_at,-finished_at',
  ];

  it.each(sorts)('walks the live items sorted by %s, with and without a status filter', async (sort) => {
    for (const status of [null, 'CANCELLED', 'FINISHED']) {
      const want = await expected(sort, status, false);
      const { ids, totals } = await walk(`sort=${sort}${status ? `&filter[status]=${status}` : ''}`);
      expect(ids, `${sort} ${status}`).toEqual(want);
      expect(totals, `${sort} ${status}`).toEqual([want.length]);
    }
  });

  it.each(sorts)('walks the recycle bin sorted by %s', async (sort) => {
    const want = await expected(sort, null, true);
    expect(want.length).toBeGreaterThanOrEqual(BINNED);
    const { ids, totals } = await walk(`trashed=1&sort=${sort}`);
    expect(ids).toEqual(want);
    expect(totals).toEqual([want.length]);
  });

  // A search is counted first, and its few matches sorted (list-sql.ts, matchIds).
  it.each(sorts)('walks the items a search finds sorted by %s, live and in the bin', async (sort) => {
    for (const trashed of [false, true]) {
      const want = await expected(sort, null, trashed, 'shape 0');
      expect(want.length).toBeGreaterThan(2 * PER_PAGE);
      const { ids, totals } = await walk(`${trashed ? 'trashed=1&' : ''}sort=${sort}&filter[search]=shape%200`);
      expect(ids, `${sort} ${trashed}`).toEqual(want);
      expect(totals, `${sort} ${trashed}`).toEqual([want.length]);
    }
  });

  it('answers the total of an empty page beyond the end by counting', async () => {
    const res = await t.request('/v2/libraries/items?per_page=100&page=900&filter[status]=CANCELLED', { token });
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe((await expected('name', 'CANCELLED', false)).length);
  });
});
