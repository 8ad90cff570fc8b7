import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

  it('answers an empty page beyond the end, also from far beyond the last anchor', async () => {
    const res = await t.request(`/v2/roles?per_page=${PER_PAGE}&page=400`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.current_page).toBe(400);
  });
});
