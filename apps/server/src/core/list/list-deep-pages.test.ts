import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { ANCHOR_EVERY } from './list-anchors.ts';

const ROLES = 2_650;
const PER_PAGE = 100;

/**
 * Pages past the first thousand rows are read from remembered anchors (list-anchors.ts) or,
 * where the order cannot seek, by offset. Either way, walking every page must return each row
 * exactly once, in order, ties included.
 */
describeEachDatabase('list engine: deep pages', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('admin');
    // Created in groups of seven per minute: many equal created_at values, broken by id.
    await t.database.tenant({ companyId: 1 }, (tx) =>
      tx.execute(sql`insert into roles (company_id, title, description, created_at)
        select 1, 'Deep role ' || lpad((g % 997)::text, 4, '0'), case when g % 5 = 0 then null else 'd' || (g % 13) end,
          timestamp '2026-01-01' + make_interval(mins => g / 7)
        from generate_series(1, ${ROLES}) g`),
    );
  });
  afterAll(() => t.close());

  type RoleRow = { id: number; title: string; created_at: string; description: string | null };
  const walk = async (sort: string) => {
    const seen: RoleRow[] = [];
    for (let page = 1; ; page++) {
      const res = await t.request(`/v2/roles?per_page=${PER_PAGE}&page=${page}&sort=${sort}`, { token });
      expect(res.status).toBe(200);
      const rows = res.body.data as RoleRow[];
      seen.push(...rows);
      if (rows.length < PER_PAGE) return { seen, total: res.body.meta.total as number };
    }
  };

  it.each([
    ['-created_at', (a: RoleRow, b: RoleRow) => b.created_at.localeCompare(a.created_at) || b.id - a.id],
    ['created_at', (a: RoleRow, b: RoleRow) => a.created_at.localeCompare(b.created_at) || a.id - b.id],
    ['-id', (a: RoleRow, b: RoleRow) => b.id - a.id],
  ])('returns every row once, in order, walking all pages sorted by %s', async (sort, compare) => {
    const { seen, total } = await walk(sort);
    expect(total).toBeGreaterThan(2 * ANCHOR_EVERY + PER_PAGE);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((row) => row.id)).size).toBe(total);
    expect(seen).toEqual([...seen].sort(compare));
  });

  it('agrees with offset paging where the order cannot seek (a nullable column, mixed directions)', async () => {
    for (const sort of ['description', 'title,-created_at']) {
      const { seen, total } = await walk(sort);
      expect(new Set(seen.map((row) => row.id)).size, sort).toBe(total);
    }
  });

  it("reads a large list's default order at start, and after a change reads it again behind the answers", async () => {
    await t.database.tenant({ companyId: 1 }, (tx) =>
      tx.execute(sql`insert into library_items (company_id, name, status, created_at)
        select 1, 'Deep item ' || g, 'FINISHED', timestamp '2026-01-01' + make_interval(mins => g / 7)
        from generate_series(1, ${ROLES}) g`),
    );
    const expected = (offset: number) =>
      queryRows<{ id: number }>(
        t.database.system,
        sql`select id from library_items where company_id = 1 and deleted_at is null
          order by created_at desc, id desc limit ${PER_PAGE} offset ${offset}`,
      ).then((rows) => rows.map((row) => row.id));
    const page = async (n: number) => {
      const res = await t.request(`/v2/libraries/items?per_page=${PER_PAGE}&page=${n}`, { token });
      expect(res.status).toBe(200);
      return (res.body.data as { id: number }[]).map((row) => row.id);
    };
    // The warm-up reads the list as it is once the change feed has heard the insert. Heard after the warm-up, the
    // insert would make the warmed anchors stale: the next read would refresh them, and that refresh would hold off
    // the one the change below needs for ANCHOR_REFRESH_SPACING_MS (30 s), past this test's wait on a slow machine.
    await t.services.changes.sync();
    for (const warmUp of t.warmUps) await warmUp(1);
    // Pages 11 and 12 lie in the list's front half (the back half reads from its end).
    for (const n of [11, 12, 20, 26]) expect(await page(n), `page ${n}`).toEqual(await expected((n - 1) * PER_PAGE));

    // The newest rows go to the bin: the remembered anchors are stale until one walk reads them again.
    await t.database.tenant({ companyId: 1 }, (tx) =>
      tx.execute(sql`update library_items set deleted_at = now() where id in (
        select id from library_items where deleted_at is null order by created_at desc, id desc limit 3)`),
    );
    // Page 12 (rows 1,100 on) seeks from the anchor at row 1,000, which was row 1,000 before
    // the change and is row 997 now: its first answer lags by the three rows, the next ones not.
    expect(await page(12)).toEqual(await expected(11 * PER_PAGE - 3));
    // Background work gives way to requests (0031): asking every 500 ms leaves the walk room on a busy machine.
    await expect.poll(() => page(12), { timeout: 30_000, interval: 500 }).toEqual(await expected(11 * PER_PAGE));
  });

  it('answers an empty page beyond the end, also from far beyond the last anchor', async () => {
    const res = await t.request(`/v2/roles?per_page=${PER_PAGE}&page=400`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.current_page).toBe(400);
  });
});
