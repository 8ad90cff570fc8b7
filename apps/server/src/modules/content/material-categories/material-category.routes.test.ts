import { type ListInputQuery, materialCategoryEndpoints } from '@meshport/contract';
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
import { materialCategoryPolicy } from './material-category.policy.ts';

describeEachDatabase('material categories', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const list = async (query: ListInputQuery<typeof materialCategoryEndpoints.list>) =>
    await call(materialCategoryEndpoints.list, { query });
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name as string);
  const byName = async () => new Map((await list({ per_page: 100 })).data.map((row) => [row.name as string, row]));

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
    expect(names(await list({ filter: { parent_id: 'null' }, sort: 'name' }))).toEqual(['Metals', 'Stone', 'Wood']);
    const wood = (await byName()).get('Wood') as Row;
    expect(names(await list({ filter: { parent_id: String(wood.id) }, sort: '-name' }))).toEqual(['Walnut', 'Oak']);
    expect(names(await list({ filter: { search: 'mar' } }))).toEqual(['Marble']);
    expect((await list({ filter: { status: 'archived' } })).data).toEqual([]);
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
    const res = await call(materialCategoryEndpoints.get, { params: { id: Number(oak.id) } });
    expect(res.data).toMatchObject({
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

  it('computes deletable as the policy’s delete rule, for every demo category in and out of the bin', async () => {
    const [actors, connected] = await Promise.all([acmePolicyActors(t), acmeConnectedModels(t)]);
    const rows = [...(await list({ per_page: 100 })).data, ...(await list({ per_page: 100, trashed: true })).data];
    expectFieldIsDeleteRule(
      rows,
      'deletable',
      materialCategoryPolicy,
      (row) => ({
        connectedModels: connected.materialCategories.get(row.id as number) ?? 0,
      }),
      actors,
    );
  });
});
