import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { expectOrdered, type ListBody, type Row } from '../content/content-list.test-helpers.ts';

describeEachDatabase('labels', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers<ListBody>(() => t);

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
      expectOrdered((await get(`/v2/labels?sort=${field}`)).body.data, field, false);
      expectOrdered((await get(`/v2/labels?sort=-${field}`)).body.data, field, true);
    }
    const found = await get('/v2/labels?filter[search]=dern');
    expect(found.body.data.map((row) => row.name)).toEqual(['Modern']);
    expect((await get('/v2/labels?included_fields=name')).body.data[0]).toEqual({ name: expect.any(String) });
    const count = await t.request('/v2/labels?count=1', { token: await token('editor') });
    expect(count.body).toEqual({ data: { count: 5 } });
  });

  it('answers 422 for unknown parts, 422 for trashed (no bin), 403 without list-labels', async () => {
    for (const query of ['?filter[color]=x', '?sort=nope', '?included_fields=nope', '?trashed=1']) {
      expect((await get(`/v2/labels${query}`)).status, query).toBe(422);
    }
    expect((await get('/v2/labels', 'nolicence')).status).toBe(403);
  });

  it('reads one label; 404 for another tenant', async () => {
    const label = (await get('/v2/labels?filter[search]=Modern')).body.data[0] as Row;
    const one = await t.request<{ data: Row }>(`/v2/labels/${label.id}`, { token: await token('editor') });
    expect(one.body.data).toMatchObject({ name: 'Modern' });
    const globex = t.host('globex');
    const other = await t.request(`/v2/labels/${label.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
    const globexList = await t.request<ListBody>('/v2/labels', {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(globexList.body.data.map((row) => row.name)).toEqual(['Retail']);
  });
});
