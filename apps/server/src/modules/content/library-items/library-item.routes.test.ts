import { LIBRARY_ITEM_STATUSES, type ListInputQuery, libraryEndpoints, libraryItemEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import {
  type ListBody,
  listContractTests,
  type Row,
  typedCall,
} from '#modules/content/shared/content-list.test-helpers.ts';
import {
  acmeConnectedModels,
  acmePolicyActors,
  expectFieldIsDeleteRule,
} from '#modules/content/shared/content-policy.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { libraryItemPolicy } from './library-item.policy.ts';

describeEachDatabase('library items', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const items = async (query: ListInputQuery<typeof libraryItemEndpoints.list>, user?: string) =>
    await call(libraryItemEndpoints.list, { query }, user);
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name as string);

  listContractTests(() => t, {
    path: '/v2/libraries/items',
    defaultPerPage: 10,
    defaultSort: { field: 'created_at', descending: true },
    fields: [
      'id',
      'name',
      'description',
      'preview_image_url',
      'status',
      'status_color',
      'libraries',
      'is_deletable',
      'deletable',
      'latest_geometry_event',
      'started_at',
      'finished_at',
      'uploader_name',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at', 'status', 'started_at', 'finished_at'],
    forbidden: [{ username: 'nolicence' }],
  });

  it('filters by library (or null for items in none), search and status', async () => {
    const libraries = await call(libraryEndpoints.list, { query: { per_page: 100 } });
    const base = libraries.data.find((row) => row.name === 'Base Cabinets');
    const inBase = await items({ filter: { library: String(base?.id) } });
    expect(names(inBase).sort()).toEqual(['Base Cabinet 60cm', 'Base Cabinet 80cm', 'Sink Unit 80cm']);
    expect(names(await items({ filter: { library: 'null' } }))).toEqual(['Extractor Hood 90cm']);
    expect(names(await items({ filter: { search: 'worktop' } })).sort()).toEqual([
      'Oak Worktop 3m',
      'Quartz Worktop 3m',
    ]);
    expect(names(await items({ filter: { status: 'ARCHIVED' } }))).toEqual(['Bar Handle 160mm']);
    expect(names(await items({ filter: { status: 'CANCELLED,FAILED' } })).sort()).toEqual([
      'Gas Hob 5-Burner',
      'Sink Unit 80cm',
    ]);
    expect((await get('/v2/libraries/items?filter[library]=abc')).status).toBe(422);
  });

  it('keeps filter[library]=null true to the links and the bin as they change', async () => {
    const db = t.services.database.system;
    const [acme] = await queryRows<{ id: number }>(db, sql`select id from companies where sub_domain = 'acme'`);
    const company = acme?.id as number;
    const truth = async () =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select i.name from library_items i where i.company_id = ${company} and i.deleted_at is null
            and not exists (select 1 from library_item_libraries lil join libraries l
              on l.company_id = lil.company_id and l.id = lil.library_id and l.deleted_at is null
              where lil.company_id = i.company_id and lil.library_item_id = i.id)`,
        )
      )
        .map((row) => row.name)
        .sort();
    const answered = async () => names(await items({ filter: { library: 'null' }, per_page: 100 })).sort();
    const before = await truth();
    expect(await answered()).toEqual(before);

    await db.execute(
      sql`update libraries set deleted_at = now() where company_id = ${company} and name = 'Base Cabinets'`,
    );
    const binned = await truth();
    expect(binned.length).toBeGreaterThan(before.length);
    expect(await answered()).toEqual(binned);

    await db.execute(
      sql`update libraries set deleted_at = null where company_id = ${company} and name = 'Base Cabinets'`,
    );
    expect(await answered()).toEqual(before);

    const [link] = await queryRows<{ library_id: number; library_item_id: number }>(
      db,
      sql`delete from library_item_libraries where (company_id, library_item_id) in (
          select company_id, library_item_id from library_item_libraries where company_id = ${company}
          group by company_id, library_item_id having count(*) = 1 limit 1)
        returning library_id, library_item_id`,
    );
    expect(await answered()).toEqual(await truth());
    expect((await truth()).length).toBe(before.length + 1);

    await db.execute(
      sql`insert into library_item_libraries (company_id, library_id, library_item_id) values (${company}, ${link?.library_id}, ${link?.library_item_id})`,
    );
    expect(await answered()).toEqual(before);
  });

  it('answers every status, libraries, deletable and the latest event', async () => {
    const res = await items({ per_page: 25 });
    expect(new Set(res.data.map((row) => row.status))).toEqual(new Set(LIBRARY_ITEM_STATUSES));
    const byName = new Map(res.data.map((row) => [row.name, row]));
    const sinkLibraries: { name: string }[] = byName.get('Sink Unit 80cm')?.libraries ?? [];
    expect(sinkLibraries.map((library) => library.name)).toEqual(['Base Cabinets', 'Worktops']);
    expect(byName.get('Oak Worktop 3m')).toMatchObject({ is_deletable: false, deletable: false });
    expect(byName.get('Base Cabinet 80cm')).toMatchObject({ is_deletable: true, deletable: true });
    expect(byName.get('Quartz Worktop 3m')?.latest_geometry_event).toEqual({
      message: 'Converting to glTF',
      message_code: null,
      message_params: null,
    });
    expect(byName.get('Gas Hob 5-Burner')?.latest_geometry_event).toEqual({
      message: 'Processing cancelled',
      message_code: null,
      message_params: null,
    });
    expect(byName.get('Bar Handle 160mm')?.status_color).toBe('#343a40');
  });

  it('serves the customerportal viewer (list-libraries) and reads one item; 404 for another tenant', async () => {
    const portal = t.host('acme', 'customerportal');
    const viewer = await get('/v2/libraries/items?filter[status]=FINISHED', 'viewer', portal);
    expect(viewer.status).toBe(200);
    const oven = (await items({ filter: { search: 'oven' } })).data[0] as Row;
    const one = await t.request<{ data: Row }>(`/v2/libraries/items/${oven.id}?excluded_fields=libraries`, {
      token: await token('editor'),
    });
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('Built-in Oven 60cm');
    expect(one.body.data).not.toHaveProperty('libraries');
    const globex = t.host('globex');
    const other = await t.request(`/v2/libraries/items/${oven.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
  });

  it('computes deletable and is_deletable as the policy’s delete rule, for every demo item in and out of the bin', async () => {
    const [actors, connected] = await Promise.all([acmePolicyActors(t), acmeConnectedModels(t)]);
    const rows = [...(await items({ per_page: 100 })).data, ...(await items({ per_page: 100, trashed: true })).data];
    const stateOf = (row: Record<string, unknown>) => ({ connectedModels: connected.libraryItems(row.id as number) });
    expectFieldIsDeleteRule(rows, 'deletable', libraryItemPolicy, stateOf, actors);
    expectFieldIsDeleteRule(rows, 'is_deletable', libraryItemPolicy, stateOf, actors);
  });
});
