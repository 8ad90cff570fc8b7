import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { libraryTreeRecount } from './library.list.ts';

type Counts = {
  id: number;
  name: string;
  kept: number;
  fresh: number;
  kept_deletable: boolean;
  fresh_deletable: boolean;
};

/**
 * The counts kept on write (migration 0009) against the walk over each subtree they replace,
 * for every library in and out of the bin, after each of a series of writes.
 */
describeEachDatabase('library counts kept on write', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { auth } = signInDemoUsers(() => t);
  const sys = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(t.database.system, query);
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await t.request(url, {
      method,
      ...(await auth('editor')),
      ...(body === undefined ? {} : { json: body }),
    });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res;
  };
  const id = async (table: 'libraries' | 'library_items' | 'project_models', name: string) =>
    (
      await sys<{ id: number }>(sql`select id from ${sql.raw(table)} where name = ${name}
        and company_id = (select id from companies where sub_domain = 'acme')`)
    )[0]?.id as number;
  const counts = () =>
    sys<Counts>(sql`select libraries.id, libraries.name,
        libraries.indirect_items_count as kept, ${libraryTreeRecount.indirectCount} as fresh,
        libraries.connected_items_count = 0 as kept_deletable, ${libraryTreeRecount.deletable} as fresh_deletable
      from libraries order by libraries.id`);
  const expectKeptEqualsFresh = async (step: string) => {
    const rows = await counts();
    for (const row of rows) {
      expect(row.kept, `${step}: ${row.name} indirect_items_count`).toBe(row.fresh);
      expect(row.kept_deletable, `${step}: ${row.name} is_deletable`).toBe(row.fresh_deletable);
    }
    // The set-based recount (migration, generator) agrees with what the triggers kept.
    await sys(sql`select meshport_recount_library_tree()`);
    expect(await counts(), `${step}: recount`).toEqual(rows);
    return new Map(rows.map((row) => [row.name, row]));
  };

  it('equal a fresh count after moves, deletes, restores, re-parenting and model changes', async () => {
    const seeded = await expectKeptEqualsFresh('demo data');
    expect(seeded.get('Cabinets')?.kept).toBe(5);

    const [worktops, ovens, cabinets, base, appliances] = await Promise.all(
      ['Worktops', 'Ovens', 'Cabinets', 'Base Cabinets', 'Appliances'].map((name) => id('libraries', name)),
    );
    const [sink, knob, wall40] = await Promise.all(
      ['Sink Unit 80cm', 'Brass Knob', 'Wall Cabinet 40cm'].map((name) => id('library_items', name)),
    );
    await send('POST', '/v2/libraries/items/update', {
      items: [{ id: sink }, { id: knob }],
      action: 'move',
      libraries: [{ id: ovens }],
      remove_from_current_libraries: 1,
    });
    await expectKeptEqualsFresh('move with removal');

    await send('PATCH', `/v2/libraries/items/${wall40}`, { libraries: [base, worktops] });
    await send('DELETE', `/v2/libraries/items/${knob}`);
    await expectKeptEqualsFresh('links replaced, item deleted');

    // Re-parenting a sub-library with its own sub-library: Base Cabinets (with Drawer Units) under Appliances.
    await send('PATCH', `/v2/libraries/${base}`, { parent_id: appliances });
    const moved = await expectKeptEqualsFresh('sub-library re-parented');
    expect(moved.get('Cabinets')?.kept_deletable).toBe(true);
    expect(moved.get('Appliances')?.kept_deletable).toBe(false);

    await send('POST', '/v2/libraries/items/update', {
      items: [{ id: sink }],
      action: 'move',
      libraries: [{ id: base }],
    });
    const sub = await send('POST', '/v2/libraries', {
      name: 'Spares',
      parent_id: await id('libraries', 'Drawer Units'),
    });
    await send('PATCH', `/v2/libraries/items/${sink}`, { libraries: [sub.body.data.id, base] });
    await send('POST', '/v2/libraries/update', { libraries: [{ id: cabinets }], action: 'delete' });
    await expectKeptEqualsFresh('library tree deleted');

    await send('POST', `/v2/libraries/${cabinets}/restore`);
    await send('POST', `/v2/libraries/items/${knob}/restore`);
    await send('PATCH', `/v2/libraries/${base}`, { parent_id: cabinets });
    await send('PATCH', `/v2/libraries/${sub.body.data.id}`, { parent_id: null });
    const back = await expectKeptEqualsFresh('restored and re-parented back');
    expect(back.get('Cabinets')?.kept_deletable).toBe(false);

    // A model to the bin and back, a new model link, and what a purge deletes for good.
    const island = await id('project_models', 'Island with Breakfast Bar');
    await sys(sql`update project_models set deleted_at = now() where id = ${island}`);
    const binned = await expectKeptEqualsFresh('model in the bin');
    expect(binned.get('Worktops')?.kept_deletable).toBe(true);
    await sys(sql`update project_models set deleted_at = null where id = ${island}`);
    await sys(sql`insert into project_model_library_items (company_id, project_model_id, library_item_id)
      select company_id, ${island}, ${wall40} from project_models where id = ${island}`);
    await expectKeptEqualsFresh('model back, new model link');
    await sys(sql`delete from project_models where id = ${island}`);
    await send('DELETE', `/v2/libraries/items/${knob}`);
    await sys(sql`delete from library_items where id = ${knob}`);
    await sys(sql`delete from libraries where deleted_at is not null`);
    const purged = await expectKeptEqualsFresh('model, item and binned libraries deleted for good');
    expect(purged.has('Old Samples')).toBe(false);
    const [left] = await sys<{ n: number }>(sql`select count(*)::int as n from library_tree_items t
      where not exists (select 1 from libraries l where l.company_id = t.company_id and l.id = t.library_id)
        or not exists (select 1 from library_items i where i.company_id = t.company_id and i.id = t.library_item_id)`);
    expect(left?.n).toBe(0);
  });
});
