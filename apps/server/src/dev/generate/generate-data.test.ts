import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { type GeneratedCompany, generateData } from './generate-data.ts';

describeEachDatabase('data generator', (kind) => {
  let t: TestApp;
  let generated: GeneratedCompany[];
  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.database.system, query))[0] as T;

  beforeAll(async () => {
    t = await startTestApp(kind);
    generated = await generateData(t.database, { companies: 2, libraryItems: 3_000, materials: 400, log: () => {} });
  });
  afterAll(() => t.close());

  it('fills a large first tenant and smaller others, and keeps them on a second run', async () => {
    expect(generated.map((c) => [c.subDomain, c.libraryItems, c.materials])).toEqual([
      ['gen1', 3_000, 400],
      ['gen2', 100, 50],
    ]);
    for (const company of generated) {
      const counts = await one<{ items: number; materials: number }>(
        sql`select (select count(*)::int from library_items where company_id = ${company.id}) as items,
          (select count(*)::int from materials where company_id = ${company.id}) as materials`,
      );
      expect(counts).toEqual({ items: company.libraryItems, materials: company.materials });
    }
    const again = await generateData(t.database, { companies: 2, libraryItems: 3_000, materials: 400, log: () => {} });
    expect(again.every((c) => c.reused)).toBe(true);
  });

  it('builds library trees several levels deep and links items many-to-many, some to none', async () => {
    const gen1 = generated[0] as GeneratedCompany;
    const depth = await one<{ depth: number }>(sql`with recursive tree(id, depth) as (
        select id, 1 from libraries where company_id = ${gen1.id} and parent_id is null
        union all select l.id, tree.depth + 1 from libraries l join tree on l.parent_id = tree.id
        where l.company_id = ${gen1.id})
      select max(depth)::int as depth from tree`);
    expect(depth.depth).toBeGreaterThanOrEqual(3);
    const links = await one<{ several: number; none: number; wrong: number }>(sql`select
        count(*) filter (where n > 1)::int as several,
        count(*) filter (where n = 0)::int as none,
        count(*) filter (where n <> live_library_count)::int as wrong
      from (select i.live_library_count, (select count(*) from library_item_libraries lil
          where lil.company_id = i.company_id and lil.library_item_id = i.id) as n
        from library_items i where i.company_id = ${gen1.id}) x`);
    expect(links.several).toBeGreaterThan(500);
    expect(links.none).toBeGreaterThan(0);
    expect(links.wrong).toBe(0);
  });

  it('gives names worth searching, material variants and categories', async () => {
    const gen1 = generated[0] as GeneratedCompany;
    const found = await one<{ walnut: number; code: number; variants: number; categorised: number }>(sql`select
        (select count(*)::int from library_items where company_id = ${gen1.id} and name ilike '%walnut%') as walnut,
        (select count(*)::int from library_items where company_id = ${gen1.id} and name like '% KX-0000042') as code,
        (select count(*)::int from materials where company_id = ${gen1.id} and parent_name is not null) as variants,
        (select count(distinct material_id)::int from material_category_materials where company_id = ${gen1.id}) as categorised`);
    expect(found.walnut).toBeGreaterThan(10);
    expect(found.walnut).toBeLessThan(3_000);
    expect(found.code).toBe(1);
    expect(found.variants).toBeGreaterThan(0);
    expect(found.categorised).toBeGreaterThan(200);
    const counted = await one<{ wrong: number }>(sql`select count(*)::int as wrong from materials m
      where m.company_id = ${gen1.id} and m.live_category_count <> (select count(*) from material_category_materials mcm
        where mcm.company_id = m.company_id and mcm.material_id = m.id)`);
    expect(counted.wrong).toBe(0);
  });

  it('lets the generated admin sign in on the new tenant', async () => {
    const token = await t.login('gen1-admin', t.host('gen1'));
    const items = await t.request('/v2/libraries/items?per_page=5', { token, host: t.host('gen1') });
    expect(items.status).toBe(200);
    expect(items.body.meta.total).toBe(3_000);
  });
});
