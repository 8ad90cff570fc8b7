import { type ListInputQuery, libraryEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { libraryPolicy } from './library.policy.ts';

describeEachDatabase('libraries', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const list = async (query: ListInputQuery<typeof libraryEndpoints.list>) =>
    await call(libraryEndpoints.list, { query });
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name);
  const byName = async () => new Map((await list({ per_page: 100 })).data.map((row) => [row.name as string, row]));

  listContractTests(() => t, {
    path: '/v2/libraries',
    defaultPerPage: 10,
    defaultSort: { field: 'updated_at', descending: true },
    fields: [
      'id',
      'name',
      'parent_id',
      'description',
      'preview_image',
      'status',
      'status_color',
      'labels',
      'is_deletable',
      'indirect_items_count',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at', 'status'],
    forbidden: [{ username: 'nolicence' }],
  });

  it('lists the top level with filter[parent_id]=null and children by id', async () => {
    const roots = await list({ filter: { parent_id: 'null' }, sort: 'name' });
    expect(names(roots)).toEqual(['Appliances', 'Cabinets', 'Handles & Hardware', 'Seating & Lighting', 'Worktops']);
    const libraries = await byName();
    const cabinets = libraries.get('Cabinets') as Row;
    const children = await list({ filter: { parent_id: String(cabinets.id) }, sort: 'name' });
    expect(names(children)).toEqual(['Base Cabinets', 'Wall Cabinets']);
    expect((await get('/v2/libraries?filter[parent_id]=root')).status).toBe(422);
  });

  it('filters by search, status and label', async () => {
    expect(names(await list({ filter: { search: 'cabinets' }, sort: 'name' }))).toEqual([
      'Base Cabinets',
      'Cabinets',
      'Wall Cabinets',
    ]);
    expect(names(await list({ filter: { status: 'archived' } }))).toEqual(['Handles & Hardware']);
    const modern = (await byName()).get('Worktops')?.labels ?? [];
    expect(modern[0]?.name).toBe('Modern');
    expect(names(await list({ filter: { label: String(modern[0]?.id) }, sort: 'name' }))).toEqual([
      'Cabinets',
      'Worktops',
    ]);
  });

  it('counts items of all descendants and computes is_deletable in the database', async () => {
    const libraries = await byName();
    // Base Cabinets: 60, 80, sink; Drawer Units: 3-drawer; Wall Cabinets: 40 (the trashed plinth does not count).
    expect(libraries.get('Cabinets')?.indirect_items_count).toBe(5);
    expect(libraries.get('Base Cabinets')?.indirect_items_count).toBe(4);
    expect(libraries.get('Drawer Units')?.indirect_items_count).toBe(1);
    expect(libraries.get('Appliances')?.indirect_items_count).toBe(3);
    // Base Cabinet 60cm, the oven and the oak worktop are used by models.
    expect(libraries.get('Cabinets')?.is_deletable).toBe(false);
    expect(libraries.get('Base Cabinets')?.is_deletable).toBe(false);
    expect(libraries.get('Drawer Units')?.is_deletable).toBe(true);
    expect(libraries.get('Wall Cabinets')?.is_deletable).toBe(true);
    expect(libraries.get('Appliances')?.is_deletable).toBe(false);
    expect(libraries.get('Handles & Hardware')?.is_deletable).toBe(true);
    expect(libraries.get('Handles & Hardware')?.status_color).toBe('#343a40');
  });

  it('reads one library with nested breadcrumbs in meta_data', async () => {
    const libraries = await byName();
    const drawers = libraries.get('Drawer Units') as Row;
    const res = await t.request<{ data: Row }>(`/v2/libraries/${drawers.id}?included_fields=name,meta_data`, {
      token: await token('editor'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Drawer Units',
      meta_data: {
        breadcrumbs: {
          id: libraries.get('Cabinets')?.id,
          name: 'Cabinets',
          next: {
            id: libraries.get('Base Cabinets')?.id,
            name: 'Base Cabinets',
            next: { id: drawers.id, name: 'Drawer Units', next: null },
          },
        },
      },
    });
    const full = await call(libraryEndpoints.get, { params: { id: Number(drawers.id) } });
    expect(full.data).toHaveProperty('meta_data.breadcrumbs.name', 'Cabinets');
    expect(full.data.indirect_items_count).toBe(1);
    expect((await list({})).data[0]).not.toHaveProperty('meta_data');
    const globex = t.host('globex');
    const other = await t.request(`/v2/libraries/${drawers.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
  });

  it('keeps trashed libraries in the bin with days left (0 after 30 days)', async () => {
    const res = await list({ trashed: true });
    expect(res.data.map((row) => [row.name, row.days_left_to_restore])).toEqual([
      ['Discontinued 2022', 25],
      ['Old Samples', 0],
    ]);
  });

  it('computes is_deletable as the policy’s delete rule, for every demo library in and out of the bin', async () => {
    const [actors, connected] = await Promise.all([acmePolicyActors(t), acmeConnectedModels(t)]);
    const rows = [...(await list({ per_page: 100 })).data, ...(await list({ per_page: 100, trashed: true })).data];
    expectFieldIsDeleteRule(
      rows,
      'is_deletable',
      libraryPolicy,
      (row) => ({
        connectedModels: connected.libraries.get(row.id as number) ?? 0,
      }),
      actors,
    );
  });
});
