import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { materialCategoryTreeFields } from './material-category.policy.ts';
import { materialCategories } from './material-category.table.ts';

/**
 * indirect_materials_count is kept by triggers (migration 0010); after every kind of write it
 * must equal what walking the subtree finds (the list's former read-time count). So must the
 * materials' live_category_count (migration 0017), and `filter[category]=null`, which reads it,
 * must list what its former NOT EXISTS found.
 */
describeEachDatabase('material category counts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { auth } = signInDemoUsers(() => t);
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await t.request(url, {
      method,
      ...(await auth('editor')),
      ...(body === undefined ? {} : { json: body }),
    });
    expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const drift = async () =>
    queryRows<{ company_id: number; name: string; kept: number; counted: number }>(
      t.database.system,
      sql`select * from (select company_id, name, indirect_materials_count as kept,
          ${materialCategoryTreeFields.indirectCount} as counted from ${materialCategories}) x
        where kept <> counted`,
    );
  const materialDrift = async () =>
    queryRows<{ company_id: number; name: string; kept: number; counted: number }>(
      t.database.system,
      sql`select * from (select m.company_id, m.name, m.live_category_count as kept,
          (select count(*)::int from material_category_materials mcm
            join material_categories c on c.company_id = mcm.company_id and c.id = mcm.material_category_id
              and c.deleted_at is null
            where mcm.company_id = m.company_id and mcm.material_id = m.id) as counted
        from materials m) x where kept <> counted`,
    );
  const inNoCategory = async () => {
    const res = await t.request('/v2/materials?filter[category]=null&per_page=100&sort=name', await auth('editor'));
    expect(res.status).toBe(200);
    const expected = await queryRows<{ name: string }>(
      t.database.system,
      sql`select m.name from materials m join companies co on co.id = m.company_id
        where co.sub_domain = 'acme' and m.deleted_at is null and not exists (select 1 from material_category_materials mcm
          join material_categories c on c.company_id = mcm.company_id and c.id = mcm.material_category_id
            and c.deleted_at is null
          where mcm.company_id = m.company_id and mcm.material_id = m.id)
        order by m.name`,
    );
    return { listed: res.body.data.map((row: { name: string }) => row.name), total: res.body.meta.total, expected };
  };
  const counts = async () =>
    new Map(
      (
        await queryRows<{ name: string; n: number }>(
          t.database.system,
          sql`select name, indirect_materials_count as n from material_categories
            where company_id = (select id from companies where sub_domain = 'acme')`,
        )
      ).map((row) => [row.name, row.n]),
    );
  const idOf = async (name: string) =>
    (
      await queryRows<{ id: number }>(
        t.database.system,
        sql`select c.id from material_categories c join companies co on co.id = c.company_id
          where co.sub_domain = 'acme' and c.name = ${name}`,
      )
    )[0]?.id as number;

  it('start equal to a recount (the migration recounts, the seed is kept by the triggers)', async () => {
    expect(await drift()).toEqual([]);
    expect(await materialDrift()).toEqual([]);
    expect(Object.fromEntries(await counts())).toMatchObject({ Wood: 3, Oak: 2, Walnut: 1, Metals: 2 });
  });

  it('stay equal through links, moves, bins, restores, re-parenting and purges', async () => {
    const [wood, oak, walnut, stone, metals] = await Promise.all(
      ['Wood', 'Oak', 'Walnut', 'Stone', 'Metals'].map(idOf),
    );
    const steps: [string, () => Promise<unknown>][] = [
      ['create linked', () => send('POST', '/v2/materials', { name: 'Teak Oil', categories: [walnut, oak] })],
      ['create sub-category', () => send('POST', '/v2/materials/categories', { name: 'Dark Oak', parent_id: oak })],
      [
        'link to the sub-category',
        async () => send('PATCH', '/v2/materials/Teak%20Oil', { categories: [await idOf('Dark Oak')] }),
      ],
      [
        'bulk move adding',
        () =>
          send('POST', '/v2/materials/update', {
            materials: [{ name: 'Brushed Steel' }, { name: 'Teak Oil' }],
            action: 'move',
            categories: [{ id: stone }],
          }),
      ],
      [
        'bulk move replacing',
        () =>
          send('POST', '/v2/materials/update', {
            materials: [{ name: 'Brushed Steel' }],
            action: 'move',
            categories: [{ id: walnut }],
            remove_from_current_categories: true,
          }),
      ],
      ['material to the bin', () => send('DELETE', '/v2/materials/Teak%20Oil')],
      ['material restored', () => send('POST', '/v2/materials/Teak%20Oil/restore')],
      ['re-parent a subtree', () => send('PATCH', `/v2/materials/categories/${oak}`, { parent_id: metals })],
      ['re-parent to the top', () => send('PATCH', `/v2/materials/categories/${oak}`, { parent_id: null })],
      ['re-parent back', () => send('PATCH', `/v2/materials/categories/${oak}`, { parent_id: wood })],
      ['category subtree to the bin', async () => send('DELETE', `/v2/materials/categories/${metals}`)],
      ['category subtree restored', () => send('POST', `/v2/materials/categories/${metals}/restore`)],
      ['base with variants to the bin', () => send('DELETE', '/v2/materials/Walnut%20Oiled')],
      ['duplicate', () => send('POST', '/v2/materials/Oak%20Smoked/duplicate')],
      ['purge a material', () => t.database.system.execute(sql`delete from materials where name = 'Oak Smoked copy'`)],
      [
        'purge a category subtree',
        async () =>
          t.database.system.execute(sql`delete from material_categories where id = ${await idOf('Dark Oak')}`),
      ],
      [
        'one statement over two companies',
        () => t.database.system.execute(sql`update materials set deleted_at = now() where name = 'Oak Natural'`),
      ],
    ];
    const seenInNoCategory = new Set<string>();
    for (const [step, write] of steps) {
      await write();
      expect(await drift(), step).toEqual([]);
      expect(await materialDrift(), step).toEqual([]);
      const { listed, total, expected } = await inNoCategory();
      expect(listed, step).toEqual(expected.map((row) => row.name));
      expect(total, step).toBe(expected.length);
      for (const name of listed) seenInNoCategory.add(name);
    }
    // The bins and purges above took materials out of every live category and back.
    expect(seenInNoCategory.size).toBeGreaterThan(1);
    expect((await counts()).get('Wood')).toBeGreaterThan(0);
  });

  it('leave the materials untouched when a write changes no live category count', async () => {
    const versions = () =>
      queryRows<{ id: number; version: string }>(
        t.database.system,
        sql`select id, xmin::text as version from materials order by company_id, id`,
      );
    const before = await versions();
    await t.database.system.execute(sql`update material_categories set name = name`);
    await t.database.system.execute(sql`update material_category_materials set material_id = material_id`);
    expect(await versions()).toEqual(before);
    expect(await materialDrift()).toEqual([]);
  });
});
