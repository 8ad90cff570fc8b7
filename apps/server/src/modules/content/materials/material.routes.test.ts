import { type ListInputQuery, materialCategoryEndpoints, materialEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ListBody, listContractTests, typedCall } from '#modules/content/shared/content-list.test-helpers.ts';
import {
  acmeConnectedModels,
  acmePolicyActors,
  expectFieldIsDeleteRule,
} from '#modules/content/shared/content-policy.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { materialPolicy } from './material.policy.ts';

describeEachDatabase('materials', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const list = async (query: ListInputQuery<typeof materialEndpoints.list>) =>
    await call(materialEndpoints.list, { query });
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name as string);

  listContractTests(() => t, {
    path: '/v2/materials',
    defaultPerPage: 10,
    defaultSort: { field: 'created_at', descending: true },
    fields: [
      'name',
      'parent_name',
      'preview_image_url',
      'status',
      'status_color',
      'categories',
      'deletable',
      'active_version_creator_name',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at', 'status', 'parent_name'],
    hatchOnly: true,
    // The viewer has list-materials but only the design_and_sales licence.
    forbidden: [{ username: 'nolicence' }, { username: 'viewer' }],
  });

  it('refuses a customerportal-only user on the customerportal host too', async () => {
    const portal = t.host('acme', 'customerportal');
    const res = await t.request('/v2/materials', { token: await token('viewer', portal), host: portal });
    expect(res.status).toBe(403);
  });

  it('filters by category (or null), search, status and parent_name', async () => {
    const categories = await call(materialCategoryEndpoints.list, { query: { per_page: 100 } });
    const marble = categories.data.find((row) => row.name === 'Marble');
    expect(names(await list({ filter: { category: String(marble?.id) } })).sort()).toEqual([
      'Carrara Marble',
      'Nero Marquina',
    ]);
    expect(names(await list({ filter: { category: 'null' } }))).toEqual(['Matte White Lacquer']);
    expect(names(await list({ filter: { search: 'oak' } })).sort()).toEqual(['Oak Natural', 'Oak Smoked']);
    expect(names(await list({ filter: { status: 'inactive' } }))).toEqual(['Brass Satin']);
    expect(names(await list({ filter: { parent_name: 'Oak Natural' } }))).toEqual(['Oak Smoked']);
    expect((await list({ filter: { parent_name: 'null' }, per_page: 100 })).meta.total).toBe(7);
    expect((await get('/v2/materials?filter[category]=-1')).status).toBe(422);
  });

  it('answers variants, categories, deletable and the creator', async () => {
    const res = await list({ per_page: 25 });
    const materials = new Map(res.data.map((row) => [row.name, row]));
    expect(materials.get('Oak Smoked')).toMatchObject({
      parent_name: 'Oak Natural',
      categories: [{ id: expect.any(Number), name: 'Oak' }],
      deletable: true,
      active_version_creator_name: 'Eddie Editor',
    });
    expect(materials.get('Oak Natural')?.deletable).toBe(false);
    expect(materials.get('Brass Satin')?.status_color).toBe('#868e96');
    expect(res.data[0]).not.toHaveProperty('id');
  });

  it('reads one material by its URL-encoded name, with its preview; 404 otherwise', async () => {
    // The client sends the name URL-encoded: /v2/materials/Oak%20Smoked
    const one = await call(materialEndpoints.get, { params: { name: 'Oak Smoked' } });
    expect(one.data).toMatchObject({ name: 'Oak Smoked', parent_name: 'Oak Natural' });
    expect(one.data.preview_image_url).toMatch(/^\/v2\/materials\/Oak%20Smoked\/preview-image\?v=\d+$/);
    const image = await t.request(one.data.preview_image_url as string, { token: await token('editor') });
    expect(image.status).toBe(200);
    expect((await t.request('/v2/materials/No%20Such', { token: await token('editor') })).status).toBe(404);
    expect((await t.request('/v2/materials/Laminate%20Beige', { token: await token('editor') })).status).toBe(404);
    // Globex has its own "Oak Natural": the name is unique per company only.
    const globex = t.host('globex');
    const other = await call(
      materialEndpoints.get,
      { params: { name: 'Oak Natural' } },
      { token: await token('globex-editor', globex), host: globex },
    );
    expect(other.data.categories).toEqual([{ id: expect.any(Number), name: 'Finishes' }]);
    const acmeOnly = await t.request('/v2/materials/Carrara%20Marble', {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(acmeOnly.status).toBe(404);
  });

  it('computes deletable as the policy’s delete rule, for every demo material in and out of the bin', async () => {
    const [actors, connected] = await Promise.all([acmePolicyActors(t), acmeConnectedModels(t)]);
    const rows = [...(await list({ per_page: 100 })).data, ...(await list({ per_page: 100, trashed: true })).data];
    expectFieldIsDeleteRule(
      rows,
      'deletable',
      materialPolicy,
      (row) => ({
        connectedModels: connected.materials(row.name as string),
      }),
      actors,
    );
  });
});
