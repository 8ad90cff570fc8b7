import { type ApiClient, groupEndpoints, roleEndpoints, userEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('users, my account and activity', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth, token } = signInDemoUsers(() => t, {
    signIn: ['admin', 'editor', 'viewer', 'nolicence', 'globex-editor'],
  });
  let editor: ApiClient;
  let viewer: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    editor = t.client(await auth('editor'));
    viewer = t.client(await auth('viewer'));
    admin = t.client(await auth('admin'));
    const accounts = (
      await t.client({ token: await token('admin') }).call(userEndpoints.adminList, { query: { per_page: 100 } })
    ).data;
    for (const row of accounts) ids[row.username] = row.id;
  });

  it('lists the members of this company with page size 5, newest first, in the User shape', async () => {
    const res = await get('/v2/users');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 5, total: 5 });
    const usernames = res.body.data.map((row: Row) => row.username);
    expect(usernames.sort()).toEqual(['admin', 'editor', 'nolicence', 'sales', 'viewer']);
    const editor = res.body.data.find((row: Row) => row.username === 'editor');
    expect(editor).toMatchObject({
      id: ids.editor,
      name: 'Eddie Editor',
      email: 'editor@meshport.example',
      admin: 0,
      role: { title: 'Editor' },
      licenses: ['design_and_sales', 'hatch'],
      email_verified: true,
      autodesk_connected: false,
    });
    expect(editor.role_id).toBe(editor.role.id);
    expect(editor.groups.map((g: Row) => g.name)).toEqual(['Designers', 'Managers']);
    expect(typeof editor.created_at).toBe('string');
    expect(editor).not.toHaveProperty('abilities');
    expect(editor).not.toHaveProperty('notification_settings');
    expect(res.body.data.find((row: Row) => row.username === 'admin').admin).toBe(1);
    expect(res.body.data.find((row: Row) => row.username === 'nolicence').licenses).toEqual([]);
  });

  it('filters users by search, role, group, licence and admin flag', async () => {
    const names = async (query: string) =>
      ((await get(`/v2/users?${query}&per_page=100`)).body.data as Row[]).map((row) => row.username).sort();
    expect(await names('filter[search]=VERA')).toEqual(['viewer']);
    expect(await names('filter[search]=nolicence@meshport')).toEqual(['nolicence']);
    const roles = (await editor.call(roleEndpoints.list, { query: { per_page: 100 } })).data;
    const viewerRole = roles.find((role) => role.title === 'Viewer')?.id;
    expect(await names(`filter[role_id]=${viewerRole}`)).toEqual(['nolicence', 'viewer']);
    const groups = (await editor.call(groupEndpoints.list, { query: { per_page: 100 } })).data;
    const sales = groups.find((group) => group.name === 'Sales team')?.id;
    expect(await names(`filter[group_id]=${sales}`)).toEqual(['nolicence', 'viewer']);
    expect(await names('filter[licence]=hatch')).toEqual(['admin', 'editor']);
    expect(await names('filter[admin]=1')).toEqual(['admin']);
    expect((await get('/v2/users?filter[licence]=gold')).status).toBe(422);
  });

  it('sorts users by every sortable field and answers count=1', async () => {
    await expectSortsByEachField(t, '/v2/users', { token: await token('editor') }, [
      'id',
      'name',
      'username',
      'email',
      'phone_number',
      'function',
      'admin',
      'email_verified',
      'email_verified_at',
      'created_at',
      'updated_at',
      'role_id',
    ]);
    const byName = (await editor.call(userEndpoints.list, { query: { sort: 'name' } })).data;
    expect(byName.map((row) => row.name)).toEqual([
      'Ada Admin',
      'Eddie Editor',
      'Noah Nolicence',
      'Sam Sales',
      'Vera Viewer',
    ]);
    expect(await editor.count(userEndpoints.list)).toBe(5);
  });

  it('returns included fields only, drops excluded ones, and opts into abilities', async () => {
    const included = (await editor.call(userEndpoints.list, { query: { included_fields: ['users.id', 'name'] } })).data;
    expect(Object.keys(included[0] ?? {}).sort()).toEqual(['id', 'name']);
    const excluded = (await editor.call(userEndpoints.list, { query: { excluded_fields: ['groups', 'users.role'] } }))
      .data;
    expect(excluded[0]).not.toHaveProperty('groups');
    expect(excluded[0]).not.toHaveProperty('role');
    const withAbilities = (
      await editor.call(userEndpoints.list, {
        query: { included_fields: ['username', 'abilities', 'notification_settings'], sort: 'username' },
      })
    ).data;
    const viewerRow = withAbilities.find((row) => row.username === 'viewer');
    expect(viewerRow?.abilities).toContain('view-projects');
    expect(viewerRow?.abilities).not.toContain('update-projects');
    expect(viewerRow?.notification_settings?.[0]?.settings[0]).toHaveProperty('notification_type_id');
  });

  it('answers 422 on unknown parameters', async () => {
    await expectUnknownParametersRefused(t, '/v2/users', { token: await token('editor') });
    expect((await get('/v2/my-account?page=2')).status).toBe(422);
  });

  it('needs view-system-users and a licence; another company’s member is 404', async () => {
    expect((await get('/v2/users', 'editor')).status).toBe(200);
    // The viewer reads content only (decision 0045).
    expect((await get('/v2/users', 'viewer')).status).toBe(403);
    expect((await get('/v2/users', 'nolicence')).status).toBe(403);
    expect((await editor.call(userEndpoints.get, { params: { id: Number(ids.viewer) } })).data.username).toBe('viewer');
    const acrossTenants = await get(`/v2/users/${ids.editor}`, 'globex-editor', t.host('globex'));
    expect(acrossTenants.status).toBe(404);
    expect((await get(`/v2/users/${ids['globex-editor']}`)).status).toBe(404);
    expect((await get('/v2/users/999999')).status).toBe(404);
  });

  it('lists every account for admins only, filtered by company', async () => {
    expect((await get('/v2/admin/users')).status).toBe(403);
    const all = await get('/v2/admin/users?per_page=100', 'admin');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(6);
    const globex = (await get('/v2/companies', 'admin')).body.data.find((c: Row) => c.sub_domain === 'globex');
    const members = await get(`/v2/admin/users?filter[company_id]=${globex.id}&sort=username`, 'admin');
    expect(members.body.data.map((row: Row) => row.username)).toEqual(['admin', 'globex-editor']);
    expect(members.body.data[0].companies.map((c: Row) => c.name).sort()).toEqual([
      'Acme Kitchens',
      'Globex Interiors',
    ]);
    expect((await get('/v2/admin/users?filter[search]=greta', 'admin')).body.meta.total).toBe(1);
    expect((await get('/v2/admin/users?filter[admin]=0&count=1', 'admin')).body).toEqual({ data: { count: 5 } });
    await expectSortsByEachField(t, '/v2/admin/users', { token: await token('admin') }, [
      'name',
      'email',
      'created_at',
    ]);
    const globexEditor = await admin.call(userEndpoints.adminGet, { params: { id: Number(ids['globex-editor']) } });
    expect(globexEditor.data.username).toBe('globex-editor');
    expect((await get(`/v2/admin/users/${ids.viewer}`, 'editor')).status).toBe(403);
  });

  it('reads my account with settings and abilities unless excluded', async () => {
    const res = await get('/v2/my-account', 'viewer');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.viewer, username: 'viewer', licenses: ['design_and_sales'] });
    expect(res.body.data.abilities).toContain('view-projects');
    expect(res.body.data.settings.map((group: Row) => group.category)).toEqual(['Processing', 'Projects', 'Account']);
    expect(res.body.data.settings[0].settings[0]).toMatchObject({ notification_type_id: 1, email: 0, browser: 1 });
    const slim = await get('/v2/my-account?excluded_fields=users.settings,users.abilities', 'viewer');
    expect(slim.body.data).not.toHaveProperty('settings');
    expect(slim.body.data).not.toHaveProperty('abilities');
    expect(slim.body.data.username).toBe('viewer');
  });

  it('pages my own activity, newest first, and records sign-ins', async () => {
    const res = await get('/v2/my-account/activity', 'viewer');
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(5);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['action', 'datetime', 'id']);
    const times = (res.body.data as Row[]).map((row) => Date.parse(row.datetime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.data[0].action).toBe('Signed in');
    const count = () => viewer.count(userEndpoints.myActivity);
    const before = await count();
    await t.login('viewer');
    expect(await count()).toBe(before + 1);
    const others = await editor.call(userEndpoints.myActivity, { query: { per_page: 100 } });
    expect(others.meta.total).toBeGreaterThan(0);
    await expectSortsByEachField(t, '/v2/my-account/activity', await auth('viewer'), ['action', 'datetime']);
    expect((await get('/v2/my-account/activity?filter[search]=uploaded', 'viewer')).body.meta.total).toBe(1);
  });
});
