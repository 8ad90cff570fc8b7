import { changelogEndpoints, type ListInputQuery } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('changelog items', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth } = signInDemoUsers(() => t, { signIn: ['admin', 'viewer', 'nolicence'], defaultUser: 'viewer' });
  const viewer = async () => t.client(await auth('viewer'));
  const list = async (query: ListInputQuery<typeof changelogEndpoints.list>) =>
    (await viewer()).call(changelogEndpoints.list, { query });

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
    type Filter = ListInputQuery<typeof changelogEndpoints.list>['filter'];
    const rows = async (filter: Filter) => (await list({ filter, per_page: 100 })).data;
    const descriptions = async (filter: Filter) => (await rows(filter)).map((r) => r.description);
    const onAcceptance = await descriptions({ environment: 'acceptance' });
    expect(onAcceptance).toHaveLength(4);
    for (const row of await rows({ environment: 'acceptance' })) {
      expect(row.date_on_acceptance).not.toBeNull();
    }
    expect(await descriptions({ missing_environment: 'acceptance' })).toEqual([
      'Recycling bin shows the days left correctly',
      'Dutch translations',
    ]);
    expect(await descriptions({ environment: 'production' })).toHaveLength(2);
    expect(await descriptions({ type: 'added' })).toEqual(['Dutch translations', 'Updates panel on the dashboard']);
    expect(await descriptions({ search: 'PREVIEWS' })).toEqual(['Faster material previews']);
    expect((await get('/v2/admin/changelog-items?filter[environment]=staging')).status).toBe(422);
    const onAcceptanceCount = { query: { filter: { environment: 'acceptance' } } };
    expect(await (await viewer()).count(changelogEndpoints.list, onAcceptanceCount)).toBe(4);
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
    const slim = await list({ included_fields: ['changelog_items.type'] });
    expect(Object.keys(slim.data[0] ?? {})).toEqual(['type']);
    await expectUnknownParametersRefused(t, '/v2/admin/changelog-items', await auth('viewer'));
  });

  it('reads one item with its screenshot_url and serves the screenshot', async () => {
    const panel = await list({ filter: { search: 'updates panel' } });
    const [item] = panel.data;
    const one = await (await viewer()).call(changelogEndpoints.get, { params: { id: Number(item?.id) } });
    expect(one.data).toMatchObject({ type: 'added', screenshot: true });
    expect(one.data.screenshot_url).toBe(`/v2/changelog-items/${item?.id}/screenshot`);
    const image = await get(String(one.data.screenshot_url));
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await get('/v2/admin/changelog-items/999999')).status).toBe(404);
  });
});
