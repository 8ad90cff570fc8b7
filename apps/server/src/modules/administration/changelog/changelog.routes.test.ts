import {
  CHANGELOG_TYPES,
  changelogEndpoints,
  ENVIRONMENT_REQUIRED_MESSAGE,
  FILE_INVALID_TYPE,
  type ListInputQuery,
} from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { multipart, PNG } from '#modules/content/projects/project-writes.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { changelogItems } from './changelog.table.ts';

describeEachDatabase('changelog items', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth, token } = signInDemoUsers(() => t, {
    signIn: ['admin', 'viewer', 'nolicence'],
    defaultUser: 'viewer',
  });
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

  describe('writes (platform admins)', () => {
    const upload = async (url: string, fields: [string, string | Blob, string?][], user = 'admin') => {
      const { body, type } = await multipart(fields);
      return t.request(url, { method: 'POST', token: await token(user), body, headers: { 'content-type': type } });
    };
    const send = async (method: string, url: string, json?: unknown, user = 'admin') =>
      t.request(url, { method, token: await token(user), ...(json === undefined ? {} : { json }) });
    const today = async () =>
      (await queryRows<{ d: string }>(t.database.system, sql`select current_date::text as d`))[0]?.d;
    const storedKey = async (id: number) =>
      (
        await t.database.system
          .select({ key: changelogItems.screenshotPath })
          .from(changelogItems)
          .where(eq(changelogItems.id, id))
      )[0]?.key ?? null;
    const item: [string, string | Blob, string?][] = [
      ['type', 'added'],
      ['description', 'Planned maintenance screens'],
      ['environments[development]', '1'],
      ['environments[test]', '0'],
      ['environments[acceptance]', '0'],
      ['environments[production]', '0'],
    ];

    it('creates an item with a screenshot, dating the ticked environments today, with a message per field', async () => {
      const created = await upload('/v2/admin/changelog-items', [...item, ['screenshot', new Blob([PNG]), 'a.png']]);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({
        type: 'added',
        description: 'Planned maintenance screens',
        screenshot: true,
        date_on_development: await today(),
        date_on_test: null,
        date_on_acceptance: null,
        date_on_production: null,
      });
      const image = await get(created.body.data.screenshot_url);
      expect(image.headers['content-type']).toBe('image/png');

      expect((await upload('/v2/admin/changelog-items', item, 'viewer')).status).toBe(403);
      const anonymous = await t.request('/v2/admin/changelog-items', { method: 'POST', json: {} });
      expect(anonymous.status).toBe(401);
      const empty = await send('POST', '/v2/admin/changelog-items', {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual(['description', 'environments', 'type']);
      const wrong = await upload('/v2/admin/changelog-items', [
        ['type', 'removed'],
        ['description', 'x'.repeat(5001)],
        ['environments[development]', '0'],
        ['screenshot', new Blob(['not an image']), 'a.png'],
      ]);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.type).toEqual([`Required: one of ${CHANGELOG_TYPES.join(', ')}.`]);
      expect(wrong.body.errors.environments).toEqual([ENVIRONMENT_REQUIRED_MESSAGE]);
      expect(wrong.body.errors.screenshot).toEqual([FILE_INVALID_TYPE]);
      expect(Object.keys(wrong.body.errors).sort()).toEqual(['description', 'environments', 'screenshot', 'type']);
      const staging = await send('POST', '/v2/admin/changelog-items', {
        type: 'fixed',
        description: 'x',
        environments: { staging: 1 },
      });
      expect(Object.keys(staging.body.errors)).toEqual(['environments']);
      await send('DELETE', `/v2/admin/changelog-items/${created.body.data.id}`);
    });

    it('changes an item with _method=PATCH: dates kept while ticked, screenshot replaced and removed', async () => {
      const created = await upload('/v2/admin/changelog-items', [...item, ['screenshot', new Blob([PNG]), 'a.png']]);
      const id = created.body.data.id as number;
      const first = await storedKey(id);
      await t.database.system
        .update(changelogItems)
        .set({ dateOnDevelopment: '2024-01-02' })
        .where(eq(changelogItems.id, id));
      const changed = await upload(`/v2/admin/changelog-items/${id}`, [
        ['_method', 'PATCH'],
        ['type', 'fixed'],
        ['description', 'Changed'],
        ['environments[development]', '1'],
        ['environments[test]', '1'],
        ['environments[acceptance]', '0'],
        ['environments[production]', '0'],
        ['screenshot', new Blob([PNG]), 'b.png'],
      ]);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({
        type: 'fixed',
        description: 'Changed',
        date_on_development: '2024-01-02',
        date_on_test: await today(),
        screenshot: true,
      });
      const second = await storedKey(id);
      expect(second).not.toBe(first);
      expect(await t.services.storage.exists(first as string)).toBe(false);

      const cleared = await send('PATCH', `/v2/admin/changelog-items/${id}`, {
        environments: { test: 1 },
        screenshot: null,
      });
      expect(cleared.body.data).toMatchObject({ date_on_development: null, screenshot: false, screenshot_url: null });
      expect(await t.services.storage.exists(second as string)).toBe(false);
      expect((await send('PATCH', `/v2/admin/changelog-items/${id}`, { type: 'added' }, 'viewer')).status).toBe(403);
      expect((await send('PATCH', '/v2/admin/changelog-items/999999', { type: 'added' })).status).toBe(404);
      const none = await send('PATCH', `/v2/admin/changelog-items/${id}`, { environments: { test: 0 } });
      expect(none.body.errors).toEqual({ environments: [ENVIRONMENT_REQUIRED_MESSAGE] });

      const deleted = await send('DELETE', `/v2/admin/changelog-items/${id}`, undefined, 'viewer');
      expect(deleted.status).toBe(403);
      const gone = await send('DELETE', `/v2/admin/changelog-items/${id}`);
      expect(gone.body).toEqual({ changelog_item_description: 'Changed', status: 'deleted' });
      expect((await send('DELETE', `/v2/admin/changelog-items/${id}`)).status).toBe(404);
    });

    it('syncs: dates on acceptance every item lacking it and answers the count', async () => {
      expect((await send('PATCH', '/v2/admin/changelog-items/sync', undefined, 'viewer')).status).toBe(403);
      const missing = await (await viewer()).count(changelogEndpoints.list, {
        query: { filter: { missing_environment: 'acceptance' } },
      });
      expect(missing).toBeGreaterThan(0);
      const synced = await send('PATCH', '/v2/admin/changelog-items/sync');
      expect(synced.body).toEqual({ data: { environment: 'acceptance', count: missing } });
      const dated = await list({ filter: { search: 'Dutch translations' } });
      expect(dated.data[0]?.date_on_acceptance).toBe(await today());
      expect((await send('PATCH', '/v2/admin/changelog-items/sync')).body.data.count).toBe(0);
    });
  });
});
