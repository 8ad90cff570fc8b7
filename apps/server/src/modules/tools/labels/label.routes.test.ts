import { type ApiClient, HEX_COLOR_MESSAGE, LABEL_NAME_TAKEN, labelEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { expectOrdered, type ListBody } from '#modules/content/shared/content-list.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('labels', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  let editor: ApiClient;
  beforeAll(async () => {
    editor = t.client(await auth('editor'));
  });

  it('lists labels: 5 per page, newest first', async () => {
    const res = await get('/v2/labels');
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(5);
    expect(res.body.meta.total).toBe(5);
    expectOrdered(res.body.data, 'created_at', true);
    expect(Object.keys(res.body.data[0] ?? {}).sort()).toEqual(['color', 'created_at', 'id', 'name', 'updated_at']);
  });

  it('sorts by name, created_at and updated_at both ways, and searches', async () => {
    for (const field of ['name', 'created_at', 'updated_at', 'color']) {
      expectOrdered((await editor.call(labelEndpoints.list, { query: { sort: field } })).data, field, false);
      expectOrdered((await editor.call(labelEndpoints.list, { query: { sort: `-${field}` } })).data, field, true);
    }
    const found = (await editor.call(labelEndpoints.list, { query: { filter: { search: 'dern' } } })).data;
    expect(found.map((row) => row.name)).toEqual(['Modern']);
    const named = (await editor.call(labelEndpoints.list, { query: { included_fields: ['name'] } })).data;
    expect(named[0]).toEqual({ name: expect.any(String) });
    expect(await editor.count(labelEndpoints.list)).toBe(5);
  });

  it('answers 422 for unknown parts, 422 for trashed (no bin), 403 without list-labels', async () => {
    for (const query of ['?filter[color]=x', '?sort=nope', '?included_fields=nope', '?trashed=1']) {
      expect((await get(`/v2/labels${query}`)).status, query).toBe(422);
    }
    expect((await get('/v2/labels', 'nolicence')).status).toBe(403);
  });

  it('reads one label; 404 for another tenant', async () => {
    const [label] = (await editor.call(labelEndpoints.list, { query: { filter: { search: 'Modern' } } })).data;
    const one = await editor.call(labelEndpoints.get, { params: { id: Number(label?.id) } });
    expect(one.data).toMatchObject({ name: 'Modern' });
    const globex = t.host('globex');
    const other = await t.request(`/v2/labels/${label?.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
    const globexEditor = t.client({ token: await token('globex-editor', globex), host: globex });
    const globexList = (await globexEditor.call(labelEndpoints.list)).data;
    expect(globexList.map((row) => row.name)).toEqual(['Retail']);
  });

  describe('writes', () => {
    const c = writeClient(() => t);

    it('creates, changes and deletes a label, answering its row and the deleted name', async () => {
      const created = await c.send('POST', '/v2/labels', { name: '  Harbour Blue ', color: 'A1B2C3' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as number;
      expect(created.body.data).toMatchObject({ name: 'Harbour Blue', color: '#a1b2c3' });
      expect(Object.keys(created.body.data).sort()).toEqual(['color', 'created_at', 'id', 'name', 'updated_at']);
      const listed = await editor.call(labelEndpoints.list, { query: { filter: { search: 'Harbour' } } });
      expect(listed.data.map((row) => row.name)).toEqual(['Harbour Blue']);
      // Form data with _method=PATCH, as the web's forms may send it; 4 and 8 digits carry alpha.
      const changed = await c.form('POST', `/v2/labels/${id}`, '_method=PATCH&color=%23abcd');
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({ name: 'Harbour Blue', color: '#abcd' });
      const renamed = await c.send('PATCH', `/v2/labels/${id}`, { name: 'Harbour Green', color: '#11223344' });
      expect(renamed.body.data).toMatchObject({ name: 'Harbour Green', color: '#11223344' });
      const deleted = await c.send('DELETE', `/v2/labels/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ label_name: 'Harbour Green', status: 'deleted' });
      expect((await c.send('DELETE', `/v2/labels/${id}`)).status).toBe(404);
      expect((await c.get(`/v2/labels/${id}`)).status).toBe(404);
    });

    it('answers 422 per field: required name, hex colour, taken names (also in parallel)', async () => {
      const empty = await c.send('POST', '/v2/labels', {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual(['color', 'name']);
      for (const color of ['#12', '#12345', 'ggg', '#1234567', 'red', '#fff;x', '']) {
        const res = await c.send('POST', '/v2/labels', { name: `Bad ${color}`, color });
        expect(res.status, color).toBe(422);
        expect(res.body.errors.color, color).toEqual([HEX_COLOR_MESSAGE]);
      }
      const long = await c.send('POST', '/v2/labels', { name: 'x'.repeat(256), color: '#fff' });
      expect(long.body.errors.name).toEqual(['At most 255 characters.']);
      const taken = await c.send('POST', '/v2/labels', { name: 'modern', color: '#fff' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ name: [LABEL_NAME_TAKEN] });
      const parallel = await Promise.all(
        [1, 2, 3].map(() => c.send('POST', '/v2/labels', { name: 'Twin Label', color: '#fff' })),
      );
      expect(parallel.map((res) => res.status).sort()).toEqual([201, 422, 422]);
      const urgent = await c.labelId('acme', 'Urgent');
      const rename = await c.send('PATCH', `/v2/labels/${urgent}`, { name: 'MODERN' });
      expect(rename.body.errors).toEqual({ name: [LABEL_NAME_TAKEN] });
    });

    it('refuses without the permission (403), signed out (401), another tenant’s label (404)', async () => {
      const modern = await c.labelId('acme', 'Modern');
      const viewer = { token: await token('viewer'), host: t.host('acme', 'customerportal') };
      expect((await c.send('POST', '/v2/labels', { name: 'Nope', color: '#fff' }, viewer)).status).toBe(403);
      expect((await c.send('PATCH', `/v2/labels/${modern}`, { name: 'Nope' }, viewer)).status).toBe(403);
      expect((await c.send('DELETE', `/v2/labels/${modern}`, undefined, viewer)).status).toBe(403);
      const anonymous = await t.request('/v2/labels', { method: 'POST', json: { name: 'Nope', color: '#fff' } });
      expect(anonymous.status).toBe(401);
      const globex = await c.globex();
      expect((await c.send('PATCH', `/v2/labels/${modern}`, { name: 'Taken Over' }, globex)).status).toBe(404);
      expect((await c.send('DELETE', `/v2/labels/${modern}`, undefined, globex)).status).toBe(404);
      expect((await c.send('PATCH', '/v2/labels/99999999', { name: 'Ghost' })).status).toBe(404);
      expect((await c.get(`/v2/labels/${modern}`)).body.data.name).toBe('Modern');
    });
  });
});
