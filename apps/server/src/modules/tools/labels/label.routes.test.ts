import { type ApiClient, labelEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
});
