import { type ListInputQuery, notificationEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

interface Item {
  id: number;
  title: string;
  text: string;
  read: boolean;
  date: string;
}

/** The id of a notification of `username` in `company`, read straight from the database. */
async function notificationIdOf(t: TestApp, username: string, company: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.database.system,
    sql`select n.id from notifications n join accounts a on a.id = n.account_id join companies c on c.id = n.company_id
        where a.username = ${username} and c.sub_domain = ${company} order by n.id limit 1`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no notification for ${username}@${company}`);
  return id;
}

async function accountId(t: TestApp, username: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.database.system,
    sql`select id from accounts where username = ${username}`,
  );
  return rows[0]?.id as number;
}

describeEachDatabase('notifications', (kind) => {
  let t: TestApp;
  let editor: string;
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [editor, viewer, admin] = await Promise.all([t.login('editor'), t.login('viewer'), t.login('admin')]);
  });
  afterAll(() => t.close());
  /** Vera holds only the design_and_sales licence: her host is the customer portal. */
  const portal = () => t.host('acme', 'customerportal');
  const page = (who: { token: string; host?: string }, query: ListInputQuery<typeof notificationEndpoints.list> = {}) =>
    t.client(who).call(notificationEndpoints.list, { query });

  it('lists my unread notifications by default: 10 per page, newest first, with the unread count', async () => {
    const res = await t.request<{ data: Item[]; meta: Record<string, number> }>('/v2/my-account/notifications', {
      token: editor,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(Object.keys(res.body.data[0] as Item).sort()).toEqual(['date', 'id', 'read', 'text', 'title']);
    expect(res.body.data.every((n) => n.read === false)).toBe(true);
    const dates = res.body.data.map((n) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.meta).toMatchObject({ per_page: 10, total: 13, unread: 13, last_page: 2 });
  });

  it('with_read=1 lists read ones too; pages grow by 10; count=1 with with_read=0 counts unread', async () => {
    const all = await t.request<{ data: Item[]; meta: Record<string, number> }>(
      '/v2/my-account/notifications?per_page=10&with_read=1&sort=-date&page=2',
      { token: editor },
    );
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 18, unread: 13, current_page: 2 });
    expect(all.body.data).toHaveLength(8);
    expect(all.body.data.some((n) => n.read)).toBe(true);
    const bigger = await page({ token: editor }, { per_page: 20, with_read: 1 });
    expect(bigger.data).toHaveLength(18);
    const count = await t.client({ token: editor }).count(notificationEndpoints.list, { query: { with_read: 0 } });
    expect(count).toBe(13);
  });

  it('answers 422 for a bad with_read or an unknown parameter, 401 without a session', async () => {
    const bad = await t.request<{ errors: Record<string, string[]> }>('/v2/my-account/notifications?with_read=maybe', {
      token: editor,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.with_read).toBeDefined();
    const unknown = await t.request('/v2/my-account/notifications?colour=red', { token: editor });
    expect(unknown.status).toBe(422);
    expect((await t.request('/v2/my-account/notifications')).status).toBe(401);
  });

  it('marks one read with POST _method=PATCH (the spec call) and unread again with read=0', async () => {
    const id = await notificationIdOf(t, 'editor', 'acme');
    const res = await t.request<{ data: Item }>(`/v2/my-account/notifications/${id}`, {
      token: editor,
      form: { read: '1', _method: 'PATCH' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, read: true });
    expect((await page({ token: editor })).meta.unread).toBe(12);
    const again = await t.request<{ data: Item }>(`/v2/my-account/notifications/${id}`, {
      method: 'PATCH',
      token: editor,
      json: { read: 0 },
    });
    expect(again.body.data.read).toBe(false);
    const missingFlag = await t.request(`/v2/my-account/notifications/${id}`, {
      method: 'PATCH',
      token: editor,
      json: {},
    });
    expect(missingFlag.status).toBe(422);
  });

  it("answers 404 for another user's notification and for my own in another company", async () => {
    const viewersId = await notificationIdOf(t, 'viewer', 'acme');
    const res = await t.request(`/v2/my-account/notifications/${viewersId}`, {
      method: 'PATCH',
      token: editor,
      json: { read: 1 },
    });
    expect(res.status).toBe(404);
    const globexId = await notificationIdOf(t, 'admin', 'globex');
    const otherTenant = await t.request(`/v2/my-account/notifications/${globexId}`, {
      method: 'PATCH',
      token: admin,
      json: { read: 1 },
    });
    expect(otherTenant.status).toBe(404);
    const onItsHost = await t.request(`/v2/my-account/notifications/${globexId}`, {
      method: 'PATCH',
      host: t.host('globex'),
      token: admin,
      json: { read: 1 },
    });
    expect(onItsHost.status).toBe(200);
    const acmeList = await page({ token: admin }, { with_read: 1, per_page: 50 });
    expect(acmeList.data.map((n) => n.id)).not.toContain(globexId);
  });

  it('marks all read; the unread list is then empty', async () => {
    const res = await t.request<{ updated: number }>('/v2/my-account/notifications/read-all', {
      token: viewer,
      host: portal(),
      json: { read: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(2);
    const viewerList = await page({ token: viewer, host: portal() });
    expect(viewerList.data).toEqual([]);
    expect(viewerList.meta.unread).toBe(0);
    expect((await page({ token: editor })).meta.unread).toBe(13);
  });

  it('sends a notice from a platform admin; others may not; the user must be a member', async () => {
    const editorId = await accountId(t, 'editor');
    const globexEditorId = await accountId(t, 'globex-editor');
    const body = { user_id: editorId, title: 'Release tonight', text: 'New viewer at 20:00.' };
    expect((await t.request('/v2/admin/notifications', { token: editor, json: body })).status).toBe(403);
    const notMember = await t.request<{ errors: Record<string, string[]> }>('/v2/admin/notifications', {
      token: admin,
      json: { ...body, user_id: globexEditorId },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors.user_id).toBeDefined();
    const sent = await t.request<{ data: Item }>('/v2/admin/notifications', { token: admin, json: body });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ title: 'Release tonight', text: 'New viewer at 20:00.', read: false });
    expect((await page({ token: editor })).data[0]?.id).toBe(sent.body.data.id);
    const cross = await t.request<{ data: Item }>('/v2/admin/notifications', {
      token: admin,
      json: { ...body, user_id: globexEditorId, company_id: await companyId(t, 'globex') },
    });
    expect(cross.status).toBe(201);
  });

  it('answers settings grouped by category with defaults, stores changes, and honours browser=0', async () => {
    const res = await t.request<{ data: { category: string; settings: Record<string, unknown>[] }[] }>(
      '/v2/my-account/notification-settings',
      { token: viewer, host: portal() },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((g) => g.category)).toEqual(['Processing', 'Projects', 'Account']);
    const announcement = res.body.data[2]?.settings.find(
      (s) => s.notification_type_title === 'Notices from the administrators',
    );
    expect(announcement).toMatchObject({ email: 0, browser: 1 });
    const typeId = announcement?.notification_type_id as number;
    const changed = await t.request<{ data: { settings: Record<string, unknown>[] }[] }>(
      '/v2/my-account/notification-settings',
      {
        method: 'PATCH',
        token: viewer,
        host: portal(),
        json: { notification_settings: [{ notification_type_id: typeId, browser: 0 }] },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data[2]?.settings.find((s) => s.notification_type_id === typeId)).toMatchObject({
      email: 0,
      browser: 0,
    });
    const unknownType = await t.request('/v2/my-account/notification-settings', {
      method: 'PATCH',
      token: viewer,
      host: portal(),
      json: { notification_settings: [{ notification_type_id: 999, browser: 0 }] },
    });
    expect(unknownType.status).toBe(422);
    const skipped = await t.request('/v2/admin/notifications', {
      token: admin,
      json: { user_id: await accountId(t, 'viewer'), title: 'Hidden', text: 'Not shown.' },
    });
    expect(skipped.status).toBe(202);
    expect((await page({ token: viewer, host: portal() })).meta.unread).toBe(0);
  });
});

async function companyId(t: TestApp, subDomain: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.database.system,
    sql`select id from companies where sub_domain = ${subDomain}`,
  );
  return rows[0]?.id as number;
}

describe('notification service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('notify stores, counts and returns the notification for the product to use', async () => {
    const acme = await companyId(t, 'acme');
    const editorId = await accountId(t, 'editor');
    const item = await t.services.notifications.notify(acme, editorId, {
      typeKey: 'model-finished',
      title: 'Model ready',
      text: 'The model "Test" finished processing.',
    });
    expect(item).toMatchObject({ title: 'Model ready', read: false });
    expect(await t.services.notifications.unread(acme, editorId)).toBe(14);
  });
});
