import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { type ListBody, listContractTests, type Row } from '../content/content-list.test-helpers.ts';

describeEachDatabase('material categories', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers<ListBody>(() => t);
  const names = (body: ListBody) => body.data.map((row) => row.name as string);
  const byName = async () =>
    new Map((await get('/v2/materials/categories?per_page=100')).body.data.map((row) => [row.name as string, row]));

  listContractTests(() => t, {
    path: '/v2/materials/categories',
    defaultPerPage: 10,
    defaultSort: { field: 'updated_at', descending: true },
    fields: [
      'id',
      'name',
      'parent_id',
      'preview_image_url',
      'status',
      'status_color',
      'deletable',
      'indirect_materials_count',
      'sub_categories',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at'],
    hatchOnly: true,
    forbidden: [{ username: 'nolicence' }, { username: 'viewer' }],
  });

  it('filters by parent (null for the top level), search and status', async () => {
    expect(names((await get('/v2/materials/categories?filter[parent_id]=null&sort=name')).body)).toEqual([
      'Metals',
      'Stone',
      'Wood',
    ]);
    const wood = (await byName()).get('Wood') as Row;
    expect(names((await get(`/v2/materials/categories?filter[parent_id]=${wood.id}&sort=-name`)).body)).toEqual([
      'Walnut',
      'Oak',
    ]);
    expect(names((await get('/v2/materials/categories?filter[search]=mar')).body)).toEqual(['Marble']);
    expect((await get('/v2/materials/categories?filter[status]=archived')).body.data).toEqual([]);
  });

  it('counts materials of all descendants, lists sub-categories and computes deletable', async () => {
    const categories = await byName();
    expect(categories.get('Wood')).toMatchObject({
      indirect_materials_count: 3,
      deletable: false,
      sub_categories: [
        { id: expect.any(Number), name: 'Oak' },
        { id: expect.any(Number), name: 'Walnut' },
      ],
    });
    expect(categories.get('Walnut')).toMatchObject({
      indirect_materials_count: 1,
      deletable: true,
      sub_categories: [],
    });
    expect(categories.get('Stone')?.deletable).toBe(false);
    expect(categories.get('Metals')).toMatchObject({ indirect_materials_count: 2, deletable: true });
  });

  it('reads one category with breadcrumbs; 404 for another tenant', async () => {
    const categories = await byName();
    const oak = categories.get('Oak') as Row;
    const res = await t.request<{ data: Row }>(`/v2/materials/categories/${oak.id}`, { token: await token('editor') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Oak',
      indirect_materials_count: 2,
      sub_categories: [],
      meta_data: {
        breadcrumbs: { id: categories.get('Wood')?.id, name: 'Wood', next: { id: oak.id, name: 'Oak', next: null } },
      },
    });
    const globex = t.host('globex');
    const other = await t.request(`/v2/materials/categories/${oak.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
  });
});
