import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const path = (name: string) => `/v2/materials/${encodeURIComponent(name)}`;

describeEachDatabase('material writes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { token, auth } = signInDemoUsers(() => t);
  const as = async (user = 'editor') => auth(user);
  const send = async (method: string, url: string, body?: unknown, user = 'editor') =>
    t.request(url, { method, ...(await as(user)), ...(body === undefined ? {} : { json: body }) });
  const form = async (method: string, url: string, fields: Record<string, string>, user = 'editor') =>
    t.request(url, { method, ...(await as(user)), form: fields });
  const one = async (name: string) => (await send('GET', path(name))).body.data;
  const categoryId = async (name: string) => {
    const res = await send('GET', '/v2/materials/categories?per_page=100');
    return (res.body.data as { id: number; name: string }[]).find((row) => row.name === name)?.id as number;
  };

  describe('create', () => {
    it('creates a material with categories and a base (JSON), answering its row', async () => {
      const [oak, walnut] = [await categoryId('Oak'), await categoryId('Walnut')];
      const res = await send('POST', '/v2/materials', {
        name: 'Oak Whitewashed',
        description: 'Pale oak',
        categories: [oak, { id: walnut }],
        parent_name: 'Oak Natural',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Oak Whitewashed',
        description: 'Pale oak',
        parent_name: 'Oak Natural',
        status: 'active',
        deletable: true,
        categories: [
          { id: oak, name: 'Oak' },
          { id: walnut, name: 'Walnut' },
        ],
      });
    });

    it('takes form data, names with spaces, unicode, % and /', async () => {
      const names = ['Beton Ciré 100% / grijs', 'Ébène foncé'];
      for (const name of names) {
        const res = await form('POST', '/v2/materials', {
          name,
          'categories[0][id]': String(await categoryId('Metals')),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect((await one(name)).name).toBe(name);
      }
      const renamed = await form('PATCH', path(names[0] as string), { name: 'Beton 50% / wit', archived: '1' });
      expect(renamed.body.data).toMatchObject({ name: 'Beton 50% / wit', status: 'archived' });
      const viaOverride = await form('POST', path('Beton 50% / wit'), { _method: 'PATCH', archived: '0' });
      expect(viaOverride.body.data.status).toBe('active');
    });

    it('refuses a name taken (without case), reserved, unknown categories and bad bases: 422 per field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'oak natural' }, 'name', 'A material with this name already exists.'],
        [{ name: 'Laminate Beige' }, 'name', 'A material with this name already exists.'],
        [{ name: 'Categories' }, 'name', 'Must not be one of update, import, categories, create.'],
        [{ name: '' }, 'name', 'Required.'],
        [{ name: 'X1', categories: [999999] }, 'categories', 'No such category: 999999.'],
        [{ name: 'X2', parent_name: 'No Such' }, 'parent_name', 'No such material.'],
        [{ name: 'X3', parent_name: 'Laminate Beige' }, 'parent_name', 'No such material.'],
        [
          { name: 'X4', parent_name: 'Oak Smoked' },
          'parent_name',
          'A variant can only be made of a base material, not of a variant.',
        ],
        [{ name: 'X5', description: 5 }, 'description', 'Must be text.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await send('POST', '/v2/materials', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
      }
      // Globex's category is not acme's.
      const globex = t.host('globex');
      const globexCategory = await t.request('/v2/materials/categories', {
        token: await token('globex-editor', globex),
        host: globex,
      });
      const foreign = globexCategory.body.data[0].id as number;
      const res = await send('POST', '/v2/materials', { name: 'X6', categories: [foreign] });
      expect(res.body.errors.categories).toEqual([`No such category: ${foreign}.`]);
    });
  });

  describe('update', () => {
    it('renames keeping category links, variants and model links', async () => {
      const res = await send('PATCH', path('Oak Natural'), { name: 'Oak Natural Renamed' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Oak Natural Renamed', deletable: false });
      expect(res.body.data.categories).toEqual([{ id: await categoryId('Oak'), name: 'Oak' }]);
      expect((await one('Oak Smoked')).parent_name).toBe('Oak Natural Renamed');
      expect((await send('GET', path('Oak Natural'))).status).toBe(404);
      // A case-only rename of itself is no clash.
      expect((await send('PATCH', path('Oak Natural Renamed'), { name: 'oak natural renamed' })).status).toBe(200);
      expect((await send('PATCH', path('oak natural renamed'), { name: 'Oak Natural' })).status).toBe(200);
    });

    it('replaces categories, sets and clears the base; refuses chains and cycles', async () => {
      const metals = await categoryId('Metals');
      const res = await send('PATCH', path('Walnut Oiled'), { categories: [metals], parent_name: 'Oak Natural' });
      expect(res.body.data).toMatchObject({ parent_name: 'Oak Natural', categories: [{ id: metals, name: 'Metals' }] });
      expect((await send('PATCH', path('Walnut Oiled'), { parent_name: '' })).body.data.parent_name).toBeNull();
      const refusals: [string, Record<string, unknown>, string, string][] = [
        ['Oak Natural', { parent_name: 'Oak Natural' }, 'parent_name', 'A material can not be a variant of itself.'],
        [
          'Oak Natural',
          { parent_name: 'Brushed Steel' },
          'parent_name',
          'A material with variants can not be a variant itself.',
        ],
        ['Brushed Steel', { name: 'CARRARA MARBLE' }, 'name', 'A material with this name already exists.'],
        ['Brushed Steel', { name: 'create' }, 'name', 'Must not be one of update, import, categories, create.'],
        ['Brushed Steel', { categories: [0] }, 'categories.0', 'Must be 1 or more.'],
        ['Brushed Steel', { archived: 'maybe' }, 'archived', 'Must be true or false (1 or 0).'],
      ];
      for (const [name, body, field, message] of refusals) {
        const answer = await send('PATCH', path(name), body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.errors[field], JSON.stringify(answer.body.errors)).toEqual([message]);
      }
    });

    it('archives and activates with the archived flag', async () => {
      expect((await send('PATCH', path('Brass Satin'), { archived: true })).body.data.status).toBe('archived');
      expect((await send('PATCH', path('Brass Satin'), { archived: false })).body.data.status).toBe('active');
    });
  });

  describe('duplicate', () => {
    it('copies as "<name> copy", then "<name> copy 2", with description, categories, base and preview', async () => {
      const first = await send('POST', `${path('Oak Smoked')}/duplicate`);
      expect(first.status).toBe(201);
      const source = await one('Oak Smoked');
      expect(first.body.data).toMatchObject({
        name: 'Oak Smoked copy',
        parent_name: source.parent_name,
        description: source.description,
        categories: source.categories,
      });
      const second = await send('POST', `${path('Oak Smoked')}/duplicate`);
      expect(second.body.data.name).toBe('Oak Smoked copy 2');
      // The copy has a preview file of its own (a purge of either leaves the other's in place).
      const image = first.body.data.preview_image_url as string;
      expect(image).toMatch(/^\/v2\/materials\/Oak%20Smoked%20copy\/preview-image\?v=\d+$/);
      expect((await t.request(image, { token: await token('editor') })).status).toBe(200);
      const paths = await queryRows<{ preview_image_path: string }>(
        t.database.system,
        sql`select preview_image_path from materials where name in ('Oak Smoked', 'Oak Smoked copy')`,
      );
      expect(new Set(paths.map((row) => row.preview_image_path)).size).toBe(2);
      expect((await send('POST', `${path('No Such')}/duplicate`)).status).toBe(404);
    });
  });

  describe('delete and restore', () => {
    it('refuses while connected to a model: 409 with the message', async () => {
      const res = await send('DELETE', path('Carrara Marble'));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You can not delete this material as it is still connected to a model.');
    });

    it('moves to the bin and restores; a base takes its variants along and back', async () => {
      await send('POST', '/v2/materials', { name: 'Base Tile' });
      await send('POST', '/v2/materials', { name: 'Base Tile Blue', parent_name: 'Base Tile' });
      const res = await send('DELETE', path('Base Tile'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ material_name: 'Base Tile', status: 'deleted' });
      expect((await send('GET', path('Base Tile Blue'))).status).toBe(404);
      const trashed = await send('GET', '/v2/materials?trashed=1&per_page=100');
      expect(trashed.body.data.map((row: { name: string }) => row.name)).toEqual(
        expect.arrayContaining(['Base Tile', 'Base Tile Blue']),
      );
      const early = await send('POST', `${path('Base Tile Blue')}/restore`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Restore the base material of this variant first.');
      const back = await send('POST', `${path('Base Tile')}/restore`);
      expect(back.body).toEqual({ message: 'Restored successfully', data: { id: 'Base Tile', name: 'Base Tile' } });
      expect((await one('Base Tile Blue')).parent_name).toBe('Base Tile');
      expect((await send('POST', `${path('Base Tile')}/restore`)).status).toBe(404);
      expect((await send('POST', `${path('Old Pine')}/restore`)).status).toBe(410);
    });

    it('refuses a base whose variant is connected', async () => {
      await send('POST', '/v2/materials', { name: 'Connected Variant', parent_name: 'Nero Marquina' });
      await t.database.system.execute(sql`insert into project_model_materials (company_id, project_model_id, material_id)
        select m.company_id, pm.id, m.id from materials m
        join project_models pm on pm.company_id = m.company_id and pm.deleted_at is null
        where m.name = 'Connected Variant' limit 1`);
      const res = await send('DELETE', path('Nero Marquina'));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'You can not delete this material as one of its variants is still connected to a model.',
      );
    });
  });

  describe('bulk', () => {
    it('moves (adding or replacing categories), archives, activates, and deletes what it may', async () => {
      const [stone, metals] = [await categoryId('Stone'), await categoryId('Metals')];
      await send('POST', '/v2/materials', { name: 'Bulk A', categories: [metals] });
      await send('POST', '/v2/materials', { name: 'Bulk B' });
      const moved = await form('POST', '/v2/materials/update', {
        'materials[0][name]': 'Bulk A',
        'materials[1][name]': 'Bulk B',
        action: 'move',
        'categories[0][id]': String(stone),
        remove_from_current_categories: '0',
      });
      expect(moved.body).toEqual({
        action: 'move',
        success: [
          { id: 'Bulk A', name: 'Bulk A' },
          { id: 'Bulk B', name: 'Bulk B' },
        ],
        failed: [],
        message: null,
      });
      expect((await one('Bulk A')).categories.map((c: { name: string }) => c.name)).toEqual(['Metals', 'Stone']);
      await send('POST', '/v2/materials/update', {
        materials: [{ name: 'Bulk A' }],
        action: 'move',
        categories: [{ id: metals }],
        remove_from_current_categories: 1,
      });
      expect((await one('Bulk A')).categories.map((c: { name: string }) => c.name)).toEqual(['Metals']);
      const archived = await send('POST', '/v2/materials/update', {
        materials: [{ name: 'Bulk A' }, { name: 'Bulk B' }],
        action: 'archive',
      });
      expect(archived.body.success).toHaveLength(2);
      expect((await one('Bulk B')).status).toBe('archived');
      await send('POST', '/v2/materials/update', { materials: [{ name: 'Bulk B' }], action: 'activate' });
      expect((await one('Bulk B')).status).toBe('active');
      const deleted = await send('POST', '/v2/materials/update', {
        materials: [{ name: 'Bulk A' }, { name: 'Carrara Marble' }, { name: 'Nope' }],
        action: 'delete',
      });
      expect(deleted.body).toEqual({
        action: 'delete',
        success: [{ id: 'Bulk A', name: 'Bulk A' }],
        failed: [
          {
            id: 'Carrara Marble',
            name: 'Carrara Marble',
            reason: 'You can not delete this material as it is still connected to a model.',
          },
          { id: 'Nope', name: 'Nope', reason: 'No such material.' },
        ],
        message:
          'The following materials have not been deleted because they are still connected to a model; Carrara Marble, Nope',
      });
    });

    it('422: move without a category, unknown action, empty selection, unknown category', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ materials: [{ name: 'Bulk B' }], action: 'move' }, 'categories', 'Choose at least one category to move to.'],
        [
          { materials: [{ name: 'Bulk B' }], action: 'burn' },
          'action',
          'Must be one of move, archive, activate, delete.',
        ],
        [{ materials: [], action: 'archive' }, 'materials', 'Choose at least one.'],
        [
          { materials: [{ name: 'Bulk B' }], action: 'move', categories: [{ id: 999999 }] },
          'categories',
          'No such category: 999999.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await send('POST', '/v2/materials/update', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
    });
  });

  describe('access', () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/v2/materials', { name: 'Nobody' }],
      ['PATCH', path('Brushed Steel'), { archived: true }],
      ['DELETE', path('Brushed Steel')],
      ['POST', `${path('Brushed Steel')}/duplicate`],
      ['POST', '/v2/materials/update', { materials: [{ name: 'Brushed Steel' }], action: 'archive' }],
      ['POST', `${path('Laminate Beige')}/restore`],
    ];

    it('401 without a session', async () => {
      for (const [method, url, body] of calls) {
        const res = await t.request(url, { method, ...(body === undefined ? {} : { json: body }) });
        expect(res.status, `${method} ${url}`).toBe(401);
      }
    });

    it('403 for the viewer and on the customerportal host', async () => {
      const portal = t.host('acme', 'customerportal');
      for (const [method, url, body] of calls) {
        expect((await send(method, url, body, 'viewer')).status, `${method} ${url}`).toBe(403);
        expect((await send(method, url, body, 'nolicence')).status, `${method} ${url}`).toBe(403);
        const editorOnPortal = await t.request(url, {
          method,
          token: await token('editor', portal),
          host: portal,
          ...(body === undefined ? {} : { json: body }),
        });
        expect(editorOnPortal.status, `${method} ${url}`).toBe(403);
      }
    });

    it('404 for another company’s materials', async () => {
      const globex = t.host('globex');
      const who = { token: await token('globex-editor', globex), host: globex };
      for (const [method, url, body] of calls.slice(1)) {
        if (url === '/v2/materials/update') continue;
        const res = await t.request(url, { method, ...who, ...(body === undefined ? {} : { json: body }) });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      const bulk = await t.request('/v2/materials/update', {
        method: 'POST',
        ...who,
        json: { materials: [{ name: 'Brushed Steel' }], action: 'archive' },
      });
      expect(bulk.body.failed).toEqual([{ id: 'Brushed Steel', name: 'Brushed Steel', reason: 'No such material.' }]);
      expect((await one('Brushed Steel')).status).toBe('active');
    });

    it('403 per permission: update-materials without delete-materials, and the reverse', async () => {
      const drop = async (ability: string) =>
        t.database.system.execute(sql`delete from role_abilities ra using roles r, companies c
          where ra.role_id = r.id and r.company_id = c.id and c.sub_domain = 'acme' and r.title = 'Editor'
          and ra.ability_key = ${ability}`);
      await drop('delete-materials');
      expect((await send('DELETE', path('Brushed Steel'))).status).toBe(403);
      const bulkDelete = { materials: [{ name: 'Brushed Steel' }], action: 'delete' };
      expect((await send('POST', '/v2/materials/update', bulkDelete)).status).toBe(403);
      expect((await send('PATCH', path('Brushed Steel'), { archived: false })).status).toBe(200);
      await drop('update-materials');
      for (const [method, url, body] of calls.slice(0, 5)) {
        expect((await send(method, url, body)).status, `${method} ${url}`).toBe(403);
      }
      const [left] = await queryRows<{ n: number }>(
        t.database.system,
        sql`select count(*)::int as n from materials where status = 'archived' and name = 'Brushed Steel'`,
      );
      expect(left?.n).toBe(0);
    });
  });
});
