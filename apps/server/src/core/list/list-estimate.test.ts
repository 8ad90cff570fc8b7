import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { roundEstimate } from './list-estimate.ts';

describe('roundEstimate', () => {
  it('keeps two significant digits', () => {
    expect(roundEstimate(912_345)).toBe(910_000);
    expect(roundEstimate(19_960)).toBe(20_000);
    expect(roundEstimate(10_449)).toBe(10_000);
    expect(roundEstimate(87)).toBe(87);
  });
});

/** A third are pantry roles (12,000, more than EXACT_COUNT_LIMIT), the rest scullery roles. */
const ROLES = 36_000;

/**
 * A search matching more than EXACT_COUNT_LIMIT rows of a list larger than the estimate's
 * sample: its first answer is an estimate, marked as one; the exact total follows.
 */
describeEachDatabase('list engine: estimated totals of broad searches', (kind) => {
  let t: TestApp;
  let token: string;
  let exactMatches: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('admin');
    await t.database.tenant({ companyId: 1 }, (tx) =>
      tx.execute(sql`insert into roles (company_id, title, created_at)
        select 1, case when g % 3 = 0 then 'Pantry role ' else 'Scullery role ' end || g, now()
        from generate_series(1, ${ROLES}) g`),
    );
    const [row] = await t.database.tenant({ companyId: 1 }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from roles where title ilike '%scullery%'`),
    );
    exactMatches = row?.n ?? 0;
  });
  afterAll(() => t.close());

  it('answers an estimate first, within a few percent, then the exact total', async () => {
    const get = () => t.request('/v2/roles?filter[search]=scullery&sort=title', { token });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body.meta.total_estimated).toBe(true);
    expect(Math.abs(first.body.meta.total - exactMatches) / exactMatches).toBeLessThan(0.05);
    expect(first.body.data).toHaveLength(5);
    expect(first.body.data.every((role: { title: string }) => role.title.startsWith('Scullery'))).toBe(true);

    let later = first;
    for (let i = 0; i < 100 && later.body.meta.total_estimated; i++) {
      await new Promise((r) => setTimeout(r, 50));
      later = await get();
    }
    expect(later.body.meta.total_estimated).toBeUndefined();
    expect(later.body.meta.total).toBe(exactMatches);
    expect(later.body.meta.last_page).toBe(Math.ceil(exactMatches / 5));
  });

  it('finds the first page of matches that sort after a long stretch of others', async () => {
    // Sorted by title descending, the 24,000 scullery roles come before the first pantry role.
    const res = await t.request('/v2/roles?filter[search]=pantry&sort=-title&per_page=10', { token });
    expect(res.status).toBe(200);
    const expected = await t.database.tenant({ companyId: 1 }, (tx) =>
      queryRows<{ title: string }>(
        tx,
        sql`select title from roles where title ilike '%pantry%' order by title desc, id desc limit 10`,
      ),
    );
    expect(res.body.data.map((role: { title: string }) => role.title)).toEqual(expected.map((row) => row.title));
    // Its estimate is not taken from the titles' order, where the first 12,000 are all pantry roles.
    expect(Math.abs(res.body.meta.total - ROLES / 3) / (ROLES / 3)).toBeLessThan(0.05);
    const second = await t.request('/v2/roles?filter[search]=pantry&sort=-title&per_page=10&page=2', { token });
    expect(second.body.data).toHaveLength(10);
    expect(second.body.data[0].title < res.body.data[9].title).toBe(true);
  });

  it("estimates from the newest rows, not along an index of what is searched (items' names)", async () => {
    await t.database.tenant({ companyId: 1 }, (tx) =>
      tx.execute(sql`insert into library_items (company_id, name, status)
        select 1, case when g % 3 = 0 then 'Pantry item ' else 'Scullery item ' end || g, 'FINISHED'
        from generate_series(1, ${ROLES}) g`),
    );
    await t.database.system.execute(sql`analyze library_items`);
    const res = await t.request('/v2/libraries/items?filter[search]=pantry&per_page=10', { token });
    expect(res.status).toBe(200);
    expect(res.body.meta.total_estimated).toBe(true);
    // The sample reads the newest rows: along the names' index (which the planner walked for an
    // unordered sample on the 1M-item tenant) the first 12,000 names are pantry items.
    expect(Math.abs(res.body.meta.total - ROLES / 3) / (ROLES / 3)).toBeLessThan(0.05);
  });

  it('counts exactly when asked for a count', async () => {
    const res = await t.request('/v2/roles?filter[search]=pantry&count=1', { token });
    expect(res.body).toEqual({ data: { count: ROLES / 3 } });
  });
});
