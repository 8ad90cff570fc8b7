import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { type ListBody, listContractTests, type Row } from '../content/content-list.test-helpers.ts';

describeEachDatabase('materials', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers<ListBody>(() => t);
  const names = (body: ListBody) => body.data.map((row) => row.name as string);

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
    const categories = await get('/v2/materials/categories?per_page=100');
    const marble = categories.body.data.find((row) => row.name === 'Marble') as Row;
    expect(names((await get(`/v2/materials?filter[category]=${marble.id}`)).body).sort()).toEqual([
      'Carrara Marble',
      'Nero Marquina',
    ]);
    expect(names((await get('/v2/materials?filter[category]=null')).body)).toEqual(['Matte White Lacquer']);
    expect(names((await get('/v2/materials?filter[search]=oak')).body).sort()).toEqual(['Oak Natural', 'Oak Smoked']);
    expect(names((await get('/v2/materials?filter[status]=inactive')).body)).toEqual(['Brass Satin']);
    expect(names((await get('/v2/materials?filter[parent_name]=Oak Natural')).body)).toEqual(['Oak Smoked']);
    expect((await get('/v2/materials?filter[parent_name]=null&per_page=100')).body.meta.total).toBe(7);
    expect((await get('/v2/materials?filter[category]=-1')).status).toBe(422);
  });

  it('answers variants, categories, deletable and the creator', async () => {
    const res = await get('/v2/materials?per_page=25');
    const materials = new Map(res.body.data.map((row) => [row.name, row]));
    expect(materials.get('Oak Smoked')).toMatchObject({
      parent_name: 'Oak Natural',
      categories: [{ id: expect.any(Number), name: 'Oak' }],
      deletable: true,
      active_version_creator_name: 'Eddie Editor',
    });
    expect(materials.get('Oak Natural')?.deletable).toBe(false);
    expect(materials.get('Brass Satin')?.status_color).toBe('#868e96');
    expect(res.body.data[0]).not.toHaveProperty('id');
  });

  it('reads one material by its URL-encoded name, with its preview; 404 otherwise', async () => {
    const one = await t.request<{ data: Row }>('/v2/materials/Oak%20Smoked', { token: await token('editor') });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ name: 'Oak Smoked', parent_name: 'Oak Natural' });
    expect(one.body.data.preview_image_url).toMatch(/^\/v2\/materials\/Oak%20Smoked\/preview-image\?v=\d+$/);
    const image = await t.request(one.body.data.preview_image_url as string, { token: await token('editor') });
    expect(image.status).toBe(200);
    expect((await t.request('/v2/materials/No%20Such', { token: await token('editor') })).status).toBe(404);
    expect((await t.request('/v2/materials/Laminate%20Beige', { token: await token('editor') })).status).toBe(404);
    // Globex has its own "Oak Natural": the name is unique per company only.
    const globex = t.host('globex');
    const other = await t.request<{ data: Row }>('/v2/materials/Oak%20Natural', {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.body.data.categories).toEqual([{ id: expect.any(Number), name: 'Finishes' }]);
    const acmeOnly = await t.request('/v2/materials/Carrara%20Marble', {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(acmeOnly.status).toBe(404);
  });
});
