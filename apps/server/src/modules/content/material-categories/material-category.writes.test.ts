import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body as a browser would send it. */
async function multipart(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, value, 'x.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

describeEachDatabase('material category writes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { token, auth } = signInDemoUsers(() => t);
  const send = async (method: string, url: string, body?: unknown, user = 'editor') =>
    t.request(url, { method, ...(await auth(user)), ...(body === undefined ? {} : { json: body }) });
  const byName = async (trashed = false) => {
    const res = await send('GET', `/v2/materials/categories?per_page=100${trashed ? '&trashed=1' : ''}`);
    return new Map((res.body.data as { id: number; name: string }[]).map((row) => [row.name, row]));
  };
  const idOf = async (name: string) => (await byName()).get(name)?.id as number;

  describe('create and update', () => {
    it('creates under a parent (JSON), answering the row with breadcrumbs-ready fields', async () => {
      const wood = await idOf('Wood');
      const res = await send('POST', '/v2/materials/categories', { name: 'Teak', parent_id: wood, status: 'inactive' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Teak',
        parent_id: wood,
        status: 'inactive',
        indirect_materials_count: 0,
        deletable: true,
        preview_image_url: null,
      });
      const top = await send('POST', '/v2/materials/categories', { name: 'Glass', parent_id: '' });
      expect(top.body.data.parent_id).toBeNull();
    });

    it('takes multipart form data with a preview image; replaces and removes it', async () => {
      const form = await multipart({ name: 'Tiles 100% / ü', preview_image: new Blob([PNG], { type: 'image/png' }) });
      const res = await t.request('/v2/materials/categories', { method: 'POST', ...(await auth('editor')), ...form });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.name).toBe('Tiles 100% / ü');
      const url = res.body.data.preview_image_url as string;
      expect(url).toMatch(new RegExp(`^/v2/materials/categories/${res.body.data.id}/preview-image`));
      expect((await t.request(url, { token: await token('editor') })).status).toBe(200);
      const id = res.body.data.id as number;
      const patch = await multipart({ _method: 'PATCH', name: 'Tiles', preview_image: '' });
      const cleared = await t.request(`/v2/materials/categories/${id}`, {
        method: 'POST',
        ...(await auth('editor')),
        ...patch,
      });
      expect(cleared.body.data).toMatchObject({ name: 'Tiles', preview_image_url: null });
      expect((await t.request(url, { token: await token('editor') })).status).toBe(404);
    });

    it('re-parents, refusing cycles; 422 per field', async () => {
      const [wood, oak, stone] = [await idOf('Wood'), await idOf('Oak'), await idOf('Stone')];
      const moved = await send('PATCH', `/v2/materials/categories/${oak}`, { parent_id: stone });
      expect(moved.body.data.parent_id).toBe(stone);
      await send('PATCH', `/v2/materials/categories/${oak}`, { parent_id: wood });
      const bad = await multipart({ name: 'Bad', preview_image: new Blob(['<svg/>'], { type: 'image/png' }) });
      const cases: [unknown, string, string, number?][] = [
        [{ parent_id: oak }, 'parent_id', 'A category can not be placed under itself or one of its sub-categories.'],
        [{ parent_id: 999999 }, 'parent_id', 'No such category.'],
        [{ name: '' }, 'name', 'Required.'],
        [{ status: 'gone' }, 'status', 'Must be one of active, inactive, archived.'],
        [{ parent_id: 'x' }, 'parent_id', 'Must be a whole number or empty.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await send('PATCH', `/v2/materials/categories/${field === 'parent_id' ? wood : oak}`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
      }
      const image = await t.request('/v2/materials/categories', { method: 'POST', ...(await auth('editor')), ...bad });
      expect(image.status).toBe(422);
      expect(image.body.errors.preview_image).toEqual(['File is of invalid type']);
      const missingName = await send('POST', '/v2/materials/categories', { parent_id: wood });
      expect(missingName.body.errors.name).toEqual(['Required.']);
    });
  });

  describe('delete, bulk and restore', () => {
    it('refuses a category connected to a model through a descendant: 409', async () => {
      const res = await send('DELETE', `/v2/materials/categories/${await idOf('Wood')}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You can not delete this category as it or its children is connected to a model.');
    });

    it('bins a category with its sub-categories in one moment and restores them together', async () => {
      const metals = await idOf('Metals');
      const child = await send('POST', '/v2/materials/categories', { name: 'Copper', parent_id: metals });
      const res = await send('DELETE', `/v2/materials/categories/${metals}`);
      expect(res.body).toEqual({ category_name: 'Metals', status: 'deleted' });
      const trashed = await byName(true);
      expect([...trashed.keys()]).toEqual(expect.arrayContaining(['Metals', 'Copper']));
      const early = await send('POST', `/v2/materials/categories/${child.body.data.id}/restore`);
      expect(early.status).toBe(409);
      const back = await send('POST', `/v2/materials/categories/${metals}/restore`);
      expect(back.body).toEqual({ message: 'Restored successfully', data: { id: metals, name: 'Metals' } });
      expect((await byName()).get('Copper')).toMatchObject({ parent_id: metals });
      const laminates = (await byName(true)).get('Laminates (old)')?.id as number;
      expect((await send('POST', `/v2/materials/categories/${laminates}/restore`)).status).toBe(200);
      expect((await send('POST', `/v2/materials/categories/${metals}/restore`)).status).toBe(404);
    });

    it('archives, activates and deletes a selection (form data), naming what it could not delete', async () => {
      const [walnut, stone, glass] = [await idOf('Walnut'), await idOf('Stone'), await idOf('Glass')];
      const archived = await t.request('/v2/materials/categories/update', {
        method: 'POST',
        ...(await auth('editor')),
        form: { 'categories[0][id]': String(walnut), 'categories[1][id]': String(glass), action: 'archive' },
      });
      expect(archived.body).toMatchObject({ action: 'archive', failed: [], message: null });
      expect((await byName()).get('Walnut')).toMatchObject({ status: 'archived' });
      await send('POST', '/v2/materials/categories/update', { categories: [{ id: walnut }], action: 'activate' });
      expect((await byName()).get('Walnut')).toMatchObject({ status: 'active' });
      const deleted = await send('POST', '/v2/materials/categories/update', {
        categories: [{ id: glass }, { id: stone }],
        action: 'delete',
      });
      expect(deleted.body).toEqual({
        action: 'delete',
        success: [{ id: glass, name: 'Glass' }],
        failed: [
          {
            id: stone,
            name: 'Stone',
            reason: 'You can not delete this category as it or its children is connected to a model.',
          },
        ],
        message: 'The following categories have not been deleted because they are still connected to a model; Stone',
      });
      const invalid = await send('POST', '/v2/materials/categories/update', { categories: [], action: 'move' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({
        categories: ['Choose at least one.'],
        action: ['Must be one of archive, activate, delete.'],
      });
    });
  });

  describe('access', () => {
    const calls = async (): Promise<[string, string, unknown?][]> => {
      const walnut = await idOf('Walnut');
      return [
        ['POST', '/v2/materials/categories', { name: 'Nobody' }],
        ['PATCH', `/v2/materials/categories/${walnut}`, { name: 'Renamed' }],
        ['DELETE', `/v2/materials/categories/${walnut}`],
        ['POST', '/v2/materials/categories/update', { categories: [{ id: walnut }], action: 'archive' }],
        ['POST', `/v2/materials/categories/${walnut}/restore`],
      ];
    };

    it('401 without a session, 403 for the viewer, nolicence and on customerportal', async () => {
      const portal = t.host('acme', 'customerportal');
      for (const [method, url, body] of await calls()) {
        const json = body === undefined ? {} : { json: body };
        expect((await t.request(url, { method, ...json })).status, `${method} ${url}`).toBe(401);
        expect((await send(method, url, body, 'viewer')).status, `${method} ${url}`).toBe(403);
        expect((await send(method, url, body, 'nolicence')).status, `${method} ${url}`).toBe(403);
        const onPortal = await t.request(url, { method, token: await token('editor', portal), host: portal, ...json });
        expect(onPortal.status, `${method} ${url}`).toBe(403);
      }
    });

    it('404 for another company’s categories; a foreign parent is unknown', async () => {
      const globex = t.host('globex');
      const who = { token: await token('globex-editor', globex), host: globex };
      for (const [method, url, body] of (await calls()).slice(1)) {
        if (url.endsWith('/update')) continue;
        const res = await t.request(url, { method, ...who, ...(body === undefined ? {} : { json: body }) });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      const bulk = await t.request('/v2/materials/categories/update', {
        method: 'POST',
        ...who,
        json: { categories: [{ id: await idOf('Walnut') }], action: 'archive' },
      });
      expect(bulk.body.failed[0].reason).toBe('No such category.');
      const parent = await t.request('/v2/materials/categories', {
        method: 'POST',
        ...who,
        json: { name: 'Sneaky', parent_id: await idOf('Walnut') },
      });
      expect(parent.status).toBe(422);
      expect(parent.body.errors.parent_id).toEqual(['No such category.']);
    });

    it('403 per permission: update without delete, then neither', async () => {
      const drop = async (ability: string) =>
        t.database.system.execute(sql`delete from role_abilities ra using roles r, companies c
          where ra.role_id = r.id and r.company_id = c.id and c.sub_domain = 'acme' and r.title = 'Editor'
          and ra.ability_key = ${ability}`);
      const list = await calls();
      await drop('delete-material-categories');
      const walnut = await idOf('Walnut');
      expect((await send('DELETE', `/v2/materials/categories/${walnut}`)).status).toBe(403);
      const bulkDelete = { categories: [{ id: walnut }], action: 'delete' };
      expect((await send('POST', '/v2/materials/categories/update', bulkDelete)).status).toBe(403);
      expect((await send('PATCH', `/v2/materials/categories/${walnut}`, { status: 'active' })).status).toBe(200);
      await drop('update-material-categories');
      for (const [method, url, body] of list.slice(0, 4)) {
        expect((await send(method, url, body)).status, `${method} ${url}`).toBe(403);
      }
    });
  });
});
