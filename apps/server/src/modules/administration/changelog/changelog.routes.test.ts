import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '../../test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';

describeEachDatabase('changelog items', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth } = signInDemoUsers(() => t, { signIn: ['admin', 'viewer', 'nolicence'], defaultUser: 'viewer' });

  it('pages items newest first, for every member (the Updates panel)', async () => {
    const res = await get('/v2/admin/changelog-items');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 6, last_page: 2 });
    expect(res.body.data[0]).toMatchObject({
      type: 'fixed',
      description: 'Recycling bin shows the days left correctly',
      screenshot: false,
      screenshot_url: null,
      date_on_test: null,
    });
    expect(res.body.data[0].date_on_development).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get('/v2/admin/changelog-items', 'nolicence')).status).toBe(403);
  });

  it('filters by environment, missing environment, type and search', async () => {
    const descriptions = async (query: string) =>
      ((await get(`/v2/admin/changelog-items?${query}&per_page=100`)).body.data as Row[]).map((r) => r.description);
    const onAcceptance = await descriptions('filter[environment]=acceptance');
    expect(onAcceptance).toHaveLength(4);
    for (const row of (await get('/v2/admin/changelog-items?filter[environment]=acceptance&per_page=100')).body
      .data as Row[]) {
      expect(row.date_on_acceptance).not.toBeNull();
    }
    expect(await descriptions('filter[missing_environment]=acceptance')).toEqual([
      'Recycling bin shows the days left correctly',
      'Dutch translations',
    ]);
    expect(await descriptions('filter[environment]=production')).toHaveLength(2);
    expect(await descriptions('filter[type]=added')).toEqual(['Dutch translations', 'Updates panel on the dashboard']);
    expect(await descriptions('filter[search]=PREVIEWS')).toEqual(['Faster material previews']);
    expect((await get('/v2/admin/changelog-items?filter[environment]=staging')).status).toBe(422);
    expect((await get('/v2/admin/changelog-items?filter[environment]=acceptance&count=1')).body).toEqual({
      data: { count: 4 },
    });
  });

  it('sorts by every sortable field and selects fields', async () => {
    await expectSortsByEachField(t, '/v2/admin/changelog-items', await auth('viewer'), [
      'id',
      'type',
      'description',
      'date_on_development',
      'date_on_test',
      'date_on_acceptance',
      'date_on_production',
      'created_at',
      'updated_at',
    ]);
    const slim = await get('/v2/admin/changelog-items?included_fields=changelog_items.type');
    expect(Object.keys(slim.body.data[0])).toEqual(['type']);
    await expectUnknownParametersRefused(t, '/v2/admin/changelog-items', await auth('viewer'));
  });

  it('reads one item with its screenshot_url and serves the screenshot', async () => {
    const panel = await get('/v2/admin/changelog-items?filter[search]=updates panel');
    const item = panel.body.data[0];
    const one = await get(`/v2/admin/changelog-items/${item.id}`);
    expect(one.body.data).toMatchObject({ type: 'added', screenshot: true });
    expect(one.body.data.screenshot_url).toBe(`/v2/changelog-items/${item.id}/screenshot`);
    const image = await get(one.body.data.screenshot_url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await get('/v2/admin/changelog-items/999999')).status).toBe(404);
  });
});
