import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { ITEM_NOT_DELETABLE, ITEMS_NOT_DELETED, LIBRARIES_MISSING } from './library-item.service.ts';

type Item = { id: number; name: string; status: string; libraries: { id: number; name: string }[] } & Record<
  string,
  unknown
>;

describeEachDatabase('library item writes', (kind) => {
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
  const items = async (trashed = false) => {
    const res = await send('GET', `/v2/libraries/items?per_page=100${trashed ? '&trashed=1' : ''}`);
    return new Map((res.body.data as Item[]).map((row) => [row.name, row]));
  };
  const itemId = async (name: string, trashed = false) => (await items(trashed)).get(name)?.id as number;
  const libraryCounts = async () => {
    const res = await send('GET', '/v2/libraries?per_page=100');
    return new Map(
      (res.body.data as { id: number; name: string; indirect_items_count: number }[]).map((row) => [row.name, row]),
    );
  };
  const libraryId = async (name: string) => (await libraryCounts()).get(name)?.id as number;
  const libraryNames = (item: Item | undefined) => item?.libraries.map((library) => library.name);
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
  const globex = () => t.host('globex');
  const asGlobex = async (method: string, url: string, json?: unknown) =>
    t.request(url, {
      method,
      token: await token('globex-editor', globex()),
      host: globex(),
      ...(json === undefined ? {} : { json }),
    });

  describe('PATCH /libraries/items/:id', () => {
    it('archives and unarchives with the archived flag, back to the status before', async () => {
      const quartz = await itemId('Quartz Worktop 3m');
      const archived = await send('PATCH', `/v2/libraries/items/${quartz}`, { archived: true });
      expect(archived.status).toBe(200);
      expect(archived.body.data).toMatchObject({ name: 'Quartz Worktop 3m', status: 'ARCHIVED' });
      const back = await sendForm(`/v2/libraries/items/${quartz}`, { _method: 'PATCH', archived: '0' });
      expect(back.body.data.status).toBe('PROCESSING');
      // Archived in the demo data after it finished: FINISHED again.
      const handle = await itemId('Bar Handle 160mm');
      expect((await send('PATCH', `/v2/libraries/items/${handle}`, { archived: 'false' })).body.data.status).toBe(
        'FINISHED',
      );
      const failed = await itemId('Sink Unit 80cm');
      await send('PATCH', `/v2/libraries/items/${failed}`, { archived: 1 });
      expect((await send('PATCH', `/v2/libraries/items/${failed}`, { archived: 0 })).body.data.status).toBe('FAILED');
    });

    it('changes name, description and libraries (replacing the links), with the counts following', async () => {
      const hob = await itemId('Gas Hob 5-Burner');
      const before = await libraryCounts();
      const [ovens, worktops] = [before.get('Ovens')?.id as number, before.get('Worktops')?.id as number];
      const res = await send('PATCH', `/v2/libraries/items/${hob}`, {
        name: 'Gas Hob 5-Burner XL',
        description: 'Wok burner',
        libraries: [{ id: ovens }, worktops],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Gas Hob 5-Burner XL', description: 'Wok burner' });
      expect(libraryNames(res.body.data)).toEqual(['Ovens', 'Worktops']);
      const after = await libraryCounts();
      // Still under Appliances (Cooktops → Ovens): no change there; one more in Worktops.
      expect(after.get('Appliances')?.indirect_items_count).toBe(before.get('Appliances')?.indirect_items_count);
      expect(after.get('Cooktops')?.indirect_items_count).toBe((before.get('Cooktops')?.indirect_items_count ?? 0) - 1);
      expect(after.get('Worktops')?.indirect_items_count).toBe((before.get('Worktops')?.indirect_items_count ?? 0) + 1);
    });

    it('answers 422 per bad field, 404 for binned or other companies’ items, 401 and 403', async () => {
      const hob = await itemId('Gas Hob 5-Burner XL');
      const binnedLibrary = (
        await sys<{ id: number }>(sql`select id from libraries where name = 'Discontinued 2022'`)
      )[0]?.id as number;
      const cases: [unknown, string, string][] = [
        [{ name: '' }, 'name', 'Required.'],
        [{ archived: 'maybe' }, 'archived', 'Must be true or false (1 or 0).'],
        [{ libraries: [999999] }, 'libraries', LIBRARIES_MISSING([999999])],
        [{ libraries: [binnedLibrary] }, 'libraries', LIBRARIES_MISSING([binnedLibrary])],
        [{ libraries: 'Ovens' }, 'libraries', 'Must be a list of ids.'],
        [{ description: 7 }, 'description', 'Must be text.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await send('PATCH', `/v2/libraries/items/${hob}`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
      }
      const plinth = await itemId('Legacy Plinth', true);
      expect((await send('PATCH', `/v2/libraries/items/${plinth}`, { name: 'Back' })).status).toBe(404);
      expect((await asGlobex('PATCH', `/v2/libraries/items/${hob}`, { name: 'Mine' })).status).toBe(404);
      expect((await t.request(`/v2/libraries/items/${hob}`, { method: 'PATCH', json: { name: 'A' } })).status).toBe(
        401,
      );
      expect((await send('PATCH', `/v2/libraries/items/${hob}`, { name: 'A' }, 'viewer')).status).toBe(403);
      await without('update-library-items', async () => {
        expect((await send('PATCH', `/v2/libraries/items/${hob}`, { name: 'A' })).status).toBe(403);
      });
      expect((await items()).has('Gas Hob 5-Burner XL')).toBe(true);
    });
  });

  describe('DELETE /libraries/items/:id and restore', () => {
    it('refuses an item connected to a model (409) and moves the others to the bin', async () => {
      const connected = await itemId('Base Cabinet 60cm');
      const refused = await send('DELETE', `/v2/libraries/items/${connected}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ITEM_NOT_DELETABLE);
      const before = await libraryCounts();
      const hob = await itemId('Induction Hob 4-Zone');
      const res = await send('DELETE', `/v2/libraries/items/${hob}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ library_item_name: 'Induction Hob 4-Zone', status: 'deleted' });
      expect((await items(true)).has('Induction Hob 4-Zone')).toBe(true);
      expect((await libraryCounts()).get('Appliances')?.indirect_items_count).toBe(
        (before.get('Appliances')?.indirect_items_count ?? 0) - 1,
      );
      expect((await send('DELETE', `/v2/libraries/items/${hob}`)).status).toBe(404);
      const restored = await send('POST', `/v2/libraries/items/${hob}/restore`);
      expect(restored.body).toEqual({
        message: 'Restored successfully',
        data: { id: hob, name: 'Induction Hob 4-Zone' },
      });
      expect((await libraryCounts()).get('Appliances')?.indirect_items_count).toBe(
        before.get('Appliances')?.indirect_items_count,
      );
      expect((await send('POST', `/v2/libraries/items/${hob}/restore`)).status).toBe(404);
    });

    it('answers 401, 403 per permission and 404 for another company', async () => {
      const hob = await itemId('Induction Hob 4-Zone');
      expect((await t.request(`/v2/libraries/items/${hob}`, { method: 'DELETE' })).status).toBe(401);
      expect((await send('DELETE', `/v2/libraries/items/${hob}`, undefined, 'viewer')).status).toBe(403);
      await without('delete-library-items', async () => {
        expect((await send('DELETE', `/v2/libraries/items/${hob}`)).status).toBe(403);
      });
      expect((await asGlobex('DELETE', `/v2/libraries/items/${hob}`)).status).toBe(404);
      const plinth = await itemId('Legacy Plinth', true);
      expect((await asGlobex('POST', `/v2/libraries/items/${plinth}/restore`)).status).toBe(404);
      expect((await send('POST', `/v2/libraries/items/${plinth}/restore`, undefined, 'viewer')).status).toBe(403);
      expect((await send('POST', `/v2/libraries/items/${plinth}/restore`)).status).toBe(200);
    });
  });

  describe('POST /libraries/items/update', () => {
    it('moves a selection, adding to the targets or (remove_from_current_libraries=1) only there', async () => {
      const [knob, hood, worktops, ovens] = [
        await itemId('Brass Knob'),
        await itemId('Extractor Hood 90cm'),
        await libraryId('Worktops'),
        await libraryId('Ovens'),
      ];
      const added = await send('POST', '/v2/libraries/items/update', {
        items: [{ id: knob }],
        action: 'move',
        libraries: [{ id: ovens }],
      });
      expect(added.body).toEqual({
        action: 'move',
        success: [{ id: knob, name: 'Brass Knob' }],
        failed: [],
        message: null,
      });
      expect(libraryNames((await items()).get('Brass Knob'))).toEqual(['Handles & Hardware', 'Ovens']);
      const moved = await sendForm('/v2/libraries/items/update', {
        'items[0][id]': String(knob),
        'items[1][id]': String(hood),
        action: 'move',
        'libraries[0][id]': String(worktops),
        remove_from_current_libraries: '1',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.success).toHaveLength(2);
      const after = await items();
      expect(libraryNames(after.get('Brass Knob'))).toEqual(['Worktops']);
      expect(libraryNames(after.get('Extractor Hood 90cm'))).toEqual(['Worktops']);
    });

    it('refuses a move without targets or to libraries that are not there (422)', async () => {
      const knob = await itemId('Brass Knob');
      const none = await send('POST', '/v2/libraries/items/update', { items: [{ id: knob }], action: 'move' });
      expect(none.status).toBe(422);
      expect(none.body.errors.libraries).toEqual(['Choose at least one library to move to.']);
      const unknown = await send('POST', '/v2/libraries/items/update', {
        items: [{ id: knob }],
        action: 'move',
        libraries: [{ id: 999999 }],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.libraries).toEqual([LIBRARIES_MISSING([999999])]);
      const bad = await send('POST', '/v2/libraries/items/update', { items: [], action: 'fly' });
      expect(bad.body.errors).toEqual({
        items: ['Choose at least one.'],
        action: ['Must be one of move, archive, activate, delete.'],
      });
    });

    it('archives and activates a selection', async () => {
      const [knob, hood] = [await itemId('Brass Knob'), await itemId('Extractor Hood 90cm')];
      const archived = await send('POST', '/v2/libraries/items/update', {
        items: [{ id: knob }, { id: hood }],
        action: 'archive',
      });
      expect(archived.body.success).toHaveLength(2);
      expect((await items()).get('Brass Knob')?.status).toBe('ARCHIVED');
      await sendForm('/v2/libraries/items/update', {
        'items[0][id]': String(knob),
        'items[1][id]': String(hood),
        action: 'activate',
      });
      const after = await items();
      expect([after.get('Brass Knob')?.status, after.get('Extractor Hood 90cm')?.status]).toEqual([
        'QUEUED',
        'UPLOADING',
      ]);
    });

    it('deletes the items no model uses and names the others in the message', async () => {
      const [oak, quartz] = [await itemId('Oak Worktop 3m'), await itemId('Quartz Worktop 3m')];
      const res = await sendForm('/v2/libraries/items/update', {
        'items[0][id]': String(oak),
        'items[1][id]': String(quartz),
        action: 'delete',
      });
      expect(res.body).toEqual({
        action: 'delete',
        success: [{ id: quartz, name: 'Quartz Worktop 3m' }],
        failed: [{ id: oak, name: 'Oak Worktop 3m', reason: ITEM_NOT_DELETABLE }],
        message: ITEMS_NOT_DELETED('Oak Worktop 3m'),
      });
      expect((await items(true)).has('Quartz Worktop 3m')).toBe(true);
    });

    it('answers 404 for another company’s or unknown items, 401, and 403 per action', async () => {
      const knob = await itemId('Brass Knob');
      const [foreign] = await sys<{ id: number }>(sql`select id from library_items where name = 'Display Shelf 120cm'`);
      for (const stranger of [foreign?.id, 999999]) {
        const res = await send('POST', '/v2/libraries/items/update', {
          items: [{ id: knob }, { id: stranger }],
          action: 'archive',
        });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Display Shelf');
      }
      expect((await items()).get('Brass Knob')?.status).toBe('QUEUED');
      const worktops = await libraryId('Worktops');
      const body = (action: string) => ({ items: [{ id: knob }], action, libraries: [{ id: worktops }] });
      expect((await t.request('/v2/libraries/items/update', { method: 'POST', json: body('archive') })).status).toBe(
        401,
      );
      expect((await send('POST', '/v2/libraries/items/update', body('archive'), 'viewer')).status).toBe(403);
      await without('delete-library-items', async () => {
        expect((await send('POST', '/v2/libraries/items/update', body('delete'))).status).toBe(403);
        expect((await send('POST', '/v2/libraries/items/update', body('move'))).status).toBe(200);
      });
      await without('update-library-items', async () => {
        for (const action of ['move', 'archive', 'activate']) {
          expect((await send('POST', '/v2/libraries/items/update', body(action))).status, action).toBe(403);
        }
      });
    });
  });
});
