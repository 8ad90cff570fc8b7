import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import {
  LABELS_MISSING,
  LIBRARIES_NOT_DELETED,
  LIBRARY_NOT_DELETABLE,
  PARENT_CYCLE,
  PARENT_MISSING,
} from './library.service.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body as a browser sends it. */
async function multipart(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) data.append(key, value, 'preview.png');
    else data.append(key, value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

type Library = { id: number; name: string; parent_id: number | null; indirect_items_count: number } & Record<
  string,
  unknown
>;

describeEachDatabase('library writes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { token, auth } = signInDemoUsers(() => t);
  const sys = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(t.database.system, query);
  const send = async (method: string, url: string, body?: unknown, user = 'editor') =>
    t.request(url, { method, ...(await auth(user)), ...(body === undefined ? {} : { json: body }) });
  const sendForm = async (url: string, form: Record<string, string>, user = 'editor') =>
    t.request(url, { method: 'POST', ...(await auth(user)), form });
  const libraries = async (trashed = false) => {
    const res = await send('GET', `/v2/libraries?per_page=100${trashed ? '&trashed=1' : ''}`);
    return new Map((res.body.data as Library[]).map((row) => [row.name, row]));
  };
  const idOf = async (name: string, trashed = false) => (await libraries(trashed)).get(name)?.id as number;
  const labelId = async (name: string) =>
    (
      await sys<{ id: number }>(
        sql`select l.id from labels l join companies c on c.id = l.company_id where c.sub_domain = 'acme' and l.name = ${name}`,
      )
    )[0]?.id as number;
  const globexLibrary = async () =>
    (
      await sys<{ id: number }>(
        sql`select l.id from libraries l join companies c on c.id = l.company_id where c.sub_domain = 'globex' limit 1`,
      )
    )[0]?.id as number;
  /** Takes an ability from acme's Editor role for the length of `work`. */
  const without = async (ability: string, work: () => Promise<void>) => {
    const role = sql`(select r.id from roles r join companies c on c.id = r.company_id where c.sub_domain = 'acme' and r.title = 'Editor')`;
    await sys(sql`delete from role_abilities where role_id = ${role} and ability_key = ${ability}`);
    try {
      await work();
    } finally {
      await sys(sql`insert into role_abilities (company_id, role_id, ability_key)
        select company_id, id, ${ability} from roles where id = ${role}`);
    }
  };

  describe('POST /libraries', () => {
    it('creates a library under a parent with labels (JSON), answering its list row', async () => {
      const cabinets = await idOf('Cabinets');
      const modern = await labelId('Modern');
      const res = await send('POST', '/v2/libraries', {
        name: '  Tall Cabinets ',
        description: 'Floor to ceiling',
        parent_id: cabinets,
        labels: [modern],
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Tall Cabinets',
        description: 'Floor to ceiling',
        parent_id: cabinets,
        status: 'active',
        indirect_items_count: 0,
        is_deletable: true,
        preview_image: null,
      });
      expect(res.body.data.labels.map((label: { id: number }) => label.id)).toEqual([modern]);
    });

    it('creates at the top level from form data, and with a preview image from multipart', async () => {
      const classic = await labelId('Classic');
      const form = await sendForm('/v2/libraries', { name: 'Lighting', parent_id: '', 'labels[]': String(classic) });
      expect(form.status).toBe(201);
      expect(form.body.data).toMatchObject({ name: 'Lighting', parent_id: null });
      expect(form.body.data.labels).toHaveLength(1);
      const { body, headers } = await multipart({ name: 'Taps', status: 'inactive', preview_image: new Blob([PNG]) });
      const res = await t.request('/v2/libraries', { method: 'POST', ...(await auth('editor')), body, headers });
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe('inactive');
      expect(res.body.data.preview_image).toMatch(new RegExp(`^/v2/libraries/${res.body.data.id}/preview-image\\?v=`));
      const image = await send('GET', `/v2/libraries/${res.body.data.id}/preview-image`);
      expect(image.status).toBe(200);
    });

    it('answers 422 with a message per bad field', async () => {
      const trashed = await idOf('Discontinued 2022', true);
      const cases: [unknown, string, string][] = [
        [{}, 'name', 'Required.'],
        [{ name: '   ' }, 'name', 'Required.'],
        [{ name: 'x'.repeat(256) }, 'name', 'At most 255 characters.'],
        [{ name: 'A', parent_id: 999999 }, 'parent_id', PARENT_MISSING],
        [{ name: 'A', parent_id: trashed }, 'parent_id', PARENT_MISSING],
        [{ name: 'A', parent_id: await globexLibrary() }, 'parent_id', PARENT_MISSING],
        [{ name: 'A', parent_id: 'top' }, 'parent_id', 'Must be a whole number or empty.'],
        [{ name: 'A', labels: [999999] }, 'labels', LABELS_MISSING([999999])],
        [{ name: 'A', labels: 'red' }, 'labels', 'Must be a list of ids.'],
        [{ name: 'A', status: 'gone' }, 'status', 'Must be one of active, inactive, archived.'],
        [{ name: 'A', description: 5 }, 'description', 'Must be text.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await send('POST', '/v2/libraries', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
      }
      const text = await multipart({ name: 'A', preview_image: new Blob(['not an image'], { type: 'image/png' }) });
      const res = await t.request('/v2/libraries', { method: 'POST', ...(await auth('editor')), ...text });
      expect(res.status).toBe(422);
      expect(res.body.errors.preview_image).toEqual(['File is of invalid type']);
      expect((await libraries()).has('A')).toBe(false);
    });

    it('answers 401 without a session and 403 on customerportal or without update-libraries', async () => {
      expect((await t.request('/v2/libraries', { method: 'POST', json: { name: 'A' } })).status).toBe(401);
      expect((await send('POST', '/v2/libraries', { name: 'A' }, 'viewer')).status).toBe(403);
      const portal = await t.request('/v2/libraries', {
        method: 'POST',
        token: await token('editor', t.host('acme', 'customerportal')),
        host: t.host('acme', 'customerportal'),
        json: { name: 'A' },
      });
      expect(portal.status).toBe(403);
      await without('update-libraries', async () => {
        expect((await send('POST', '/v2/libraries', { name: 'A' })).status).toBe(403);
      });
    });
  });

  describe('PATCH /libraries/:id', () => {
    it('changes any subset, replaces labels, removes the preview with null, and re-parents', async () => {
      const [wall, appliances] = [await idOf('Wall Cabinets'), await idOf('Appliances')];
      const before = await libraries();
      const res = await send('PATCH', `/v2/libraries/${wall}`, {
        description: 'Hung on the wall',
        labels: [await labelId('Classic')],
        parent_id: appliances,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Wall Cabinets',
        description: 'Hung on the wall',
        parent_id: appliances,
      });
      expect(res.body.data.labels.map((label: { name: string }) => label.name)).toEqual(['Classic']);
      const after = await libraries();
      // Wall Cabinet 40cm went along with its library.
      expect(after.get('Cabinets')?.indirect_items_count).toBe((before.get('Cabinets')?.indirect_items_count ?? 0) - 1);
      expect(after.get('Appliances')?.indirect_items_count).toBe(
        (before.get('Appliances')?.indirect_items_count ?? 0) + 1,
      );
      const taps = (await libraries()).get('Taps') as Library;
      expect(taps.preview_image).not.toBeNull();
      const cleared = await send('PATCH', `/v2/libraries/${taps.id}`, { preview_image: null });
      expect(cleared.body.data.preview_image).toBeNull();
      const top = await sendForm(`/v2/libraries/${wall}`, { _method: 'PATCH', parent_id: '', name: 'Wall Units' });
      expect(top.status).toBe(200);
      expect(top.body.data).toMatchObject({ name: 'Wall Units', parent_id: null });
    });

    it('refuses a cycle, unknown parents and labels (422), and other companies’ or binned libraries (404)', async () => {
      const [cabinets, drawers] = [await idOf('Cabinets'), await idOf('Drawer Units')];
      for (const parent of [cabinets, drawers]) {
        const res = await send('PATCH', `/v2/libraries/${cabinets}`, { parent_id: parent });
        expect(res.status).toBe(422);
        expect(res.body.errors.parent_id).toEqual([PARENT_CYCLE]);
      }
      expect((await send('PATCH', `/v2/libraries/${cabinets}`, { parent_id: 999999 })).body.errors.parent_id).toEqual([
        PARENT_MISSING,
      ]);
      expect((await send('PATCH', `/v2/libraries/${cabinets}`, { labels: [999998] })).body.errors.labels).toEqual([
        LABELS_MISSING([999998]),
      ]);
      expect((await send('PATCH', `/v2/libraries/${cabinets}`, { name: '' })).body.errors.name).toEqual(['Required.']);
      const globex = t.host('globex');
      const other = await t.request(`/v2/libraries/${cabinets}`, {
        method: 'PATCH',
        token: await token('globex-editor', globex),
        host: globex,
        json: { name: 'Mine' },
      });
      expect(other.status).toBe(404);
      const binned = await idOf('Discontinued 2022', true);
      expect((await send('PATCH', `/v2/libraries/${binned}`, { name: 'Back' })).status).toBe(404);
      expect((await send('PATCH', `/v2/libraries/${cabinets}`, { name: 'X' }, 'viewer')).status).toBe(403);
      expect((await libraries()).get('Cabinets')?.parent_id).toBeNull();
    });
  });

  describe('POST /libraries/update', () => {
    it('archives and activates a selection (form data and JSON)', async () => {
      const [worktops, lighting] = [await idOf('Worktops'), await idOf('Lighting')];
      const archived = await sendForm('/v2/libraries/update', {
        'libraries[0][id]': String(worktops),
        'libraries[1][id]': String(lighting),
        action: 'archive',
      });
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({
        action: 'archive',
        success: [
          { id: worktops, name: 'Worktops' },
          { id: lighting, name: 'Lighting' },
        ],
        failed: [],
        message: null,
      });
      expect((await libraries()).get('Worktops')?.status).toBe('archived');
      const active = await send('POST', '/v2/libraries/update', { libraries: [{ id: worktops }], action: 'activate' });
      expect(active.body.success).toEqual([{ id: worktops, name: 'Worktops' }]);
      expect((await libraries()).get('Worktops')?.status).toBe('active');
    });

    it('deletes the deletable, refuses those connected to a model, and takes sub-libraries along', async () => {
      const all = await libraries();
      const [cabinets, base, drawers, lighting] = ['Cabinets', 'Base Cabinets', 'Drawer Units', 'Lighting'].map(
        (name) => all.get(name)?.id as number,
      );
      const res = await sendForm('/v2/libraries/update', {
        'libraries[0][id]': String(cabinets),
        'libraries[1][id]': String(lighting),
        'libraries[2][id]': String(base),
        action: 'delete',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        action: 'delete',
        success: [{ id: lighting, name: 'Lighting' }],
        failed: [
          { id: cabinets, name: 'Cabinets', reason: LIBRARY_NOT_DELETABLE },
          { id: base, name: 'Base Cabinets', reason: LIBRARY_NOT_DELETABLE },
        ],
        message: LIBRARIES_NOT_DELETED('Cabinets, Base Cabinets'),
      });
      const tallCabinets = all.get('Tall Cabinets')?.id as number;
      const sub = await send('POST', '/v2/libraries', { name: 'Tall Inserts', parent_id: tallCabinets });
      const done = await send('POST', '/v2/libraries/update', {
        libraries: [{ id: tallCabinets }, { id: drawers }],
        action: 'delete',
      });
      expect(done.body.success.map((entry: { name: string }) => entry.name)).toEqual(['Tall Cabinets', 'Drawer Units']);
      const bin = await libraries(true);
      expect(bin.get('Tall Inserts')?.id).toBe(sub.body.data.id);
      expect(bin.get('Tall Inserts')?.deleted_at).toBe(bin.get('Tall Cabinets')?.deleted_at);
      expect((await libraries()).has('Tall Inserts')).toBe(false);
    });

    it('answers 404 for a selection naming another company’s or an unknown library, doing nothing', async () => {
      const worktops = await idOf('Worktops');
      for (const stranger of [await globexLibrary(), 999999]) {
        const res = await send('POST', '/v2/libraries/update', {
          libraries: [{ id: worktops }, { id: stranger }],
          action: 'archive',
        });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Store Fixtures');
      }
      expect((await libraries()).get('Worktops')?.status).toBe('active');
    });

    it('checks the permission of each action and refuses bad input (422)', async () => {
      const worktops = await idOf('Worktops');
      const body = (action: string) => ({ libraries: [{ id: worktops }], action });
      await without('delete-libraries', async () => {
        expect((await send('POST', '/v2/libraries/update', body('delete'))).status).toBe(403);
        expect((await send('POST', '/v2/libraries/update', body('archive'))).status).toBe(200);
      });
      await without('update-libraries', async () => {
        expect((await send('POST', '/v2/libraries/update', body('activate'))).status).toBe(403);
      });
      expect((await send('POST', '/v2/libraries/update', body('activate'), 'viewer')).status).toBe(403);
      expect((await t.request('/v2/libraries/update', { method: 'POST', json: body('activate') })).status).toBe(401);
      const bad = await send('POST', '/v2/libraries/update', { libraries: [], action: 'burn' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        libraries: ['Choose at least one.'],
        action: ['Must be one of archive, activate, delete.'],
      });
      expect((await send('POST', '/v2/libraries/update', { libraries: [{ id: 'x' }], action: 'archive' })).status).toBe(
        422,
      );
      await send('POST', '/v2/libraries/update', body('activate'));
    });
  });

  describe('POST /libraries/:id/restore', () => {
    it('brings a library back with what went to the bin with it, within 30 days', async () => {
      const bin = await libraries(true);
      const [tall, inserts] = [bin.get('Tall Cabinets')?.id as number, bin.get('Tall Inserts')?.id as number];
      const early = await send('POST', `/v2/libraries/${inserts}/restore`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Restore the library this one belongs to first.');
      const res = await send('POST', `/v2/libraries/${tall}/restore`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Restored successfully', data: { id: tall, name: 'Tall Cabinets' } });
      expect((await libraries()).get('Tall Inserts')?.parent_id).toBe(tall);
      const old = await send('POST', `/v2/libraries/${bin.get('Old Samples')?.id}/restore`);
      expect(old.status).toBe(410);
      expect((await send('POST', `/v2/libraries/${tall}/restore`)).status).toBe(404);
    });

    it('answers 401, 403 and 404 for another company', async () => {
      const discontinued = await idOf('Discontinued 2022', true);
      expect((await t.request(`/v2/libraries/${discontinued}/restore`, { method: 'POST' })).status).toBe(401);
      expect((await send('POST', `/v2/libraries/${discontinued}/restore`, undefined, 'viewer')).status).toBe(403);
      await without('restore-deleted-entities', async () => {
        expect((await send('POST', `/v2/libraries/${discontinued}/restore`)).status).toBe(403);
      });
      const globex = t.host('globex');
      const other = await t.request(`/v2/libraries/${discontinued}/restore`, {
        method: 'POST',
        token: await token('globex-editor', globex),
        host: globex,
      });
      expect(other.status).toBe(404);
      expect((await send('POST', `/v2/libraries/${discontinued}/restore`)).status).toBe(200);
    });
  });
});
