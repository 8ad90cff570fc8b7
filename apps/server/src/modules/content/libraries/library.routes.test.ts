import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { type ListBody, listContractTests, type Row } from '../content/content-list.test-helpers.ts';

describeEachDatabase('libraries', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers<ListBody>(() => t);
  const names = (body: ListBody) => body.data.map((row) => row.name);
  const byName = async () => {
    const res = await get('/v2/libraries?per_page=100');
    return new Map(res.body.data.map((row) => [row.name as string, row]));
  };

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
    const roots = await get('/v2/libraries?filter[parent_id]=null&sort=name');
    expect(names(roots.body)).toEqual(['Appliances', 'Cabinets', 'Handles & Hardware', 'Worktops']);
    const libraries = await byName();
    const cabinets = libraries.get('Cabinets') as Row;
    const children = await get(`/v2/libraries?filter[parent_id]=${cabinets.id}&sort=name`);
    expect(names(children.body)).toEqual(['Base Cabinets', 'Wall Cabinets']);
    expect((await get('/v2/libraries?filter[parent_id]=root')).status).toBe(422);
  });

  it('filters by search, status and label', async () => {
    expect(names((await get('/v2/libraries?filter[search]=cabinets&sort=name')).body)).toEqual([
      'Base Cabinets',
      'Cabinets',
      'Wall Cabinets',
    ]);
    expect(names((await get('/v2/libraries?filter[status]=archived')).body)).toEqual(['Handles & Hardware']);
    const modern = ((await byName()).get('Worktops') as Row).labels as Row[];
    expect(modern[0]?.name).toBe('Modern');
    expect(names((await get(`/v2/libraries?filter[label]=${modern[0]?.id}&sort=name`)).body)).toEqual([
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
    const full = await t.request<{ data: Row }>(`/v2/libraries/${drawers.id}`, { token: await token('editor') });
    expect(full.body.data).toHaveProperty('meta_data.breadcrumbs.name', 'Cabinets');
    expect(full.body.data.indirect_items_count).toBe(1);
    const list = await get('/v2/libraries');
    expect(list.body.data[0]).not.toHaveProperty('meta_data');
    const globex = t.host('globex');
    const other = await t.request(`/v2/libraries/${drawers.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
  });

  it('keeps trashed libraries in the bin with days left (0 after 30 days)', async () => {
    const res = await get('/v2/libraries?trashed=1');
    expect(res.body.data.map((row) => [row.name, row.days_left_to_restore])).toEqual([
      ['Discontinued 2022', 25],
      ['Old Samples', 0],
    ]);
  });
});
