import { type ApiClient, groupEndpoints, roleEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('groups and roles', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers(() => t, {
    signIn: ['editor', 'viewer', 'nolicence', 'globex-editor'],
  });
  let editor: ApiClient;
  beforeAll(async () => {
    editor = t.client(await auth('editor'));
  });

  it('lists groups with their members, page size 5, newest first', async () => {
    const res = await get('/v2/groups');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 3, current_page: 1 });
    expect(res.body.data.map((row: Row) => row.name).sort()).toEqual(['Designers', 'Managers', 'Sales team']);
    const designers = res.body.data.find((row: Row) => row.name === 'Designers');
    expect(designers.users.map((u: Row) => u.name)).toEqual(['Ada Admin', 'Eddie Editor', 'Vera Viewer']);
    expect(designers.users[0]).toHaveProperty('email');
    expect(designers.users_count).toBe(3);
    expect(Object.keys(designers).sort()).toEqual(
      ['created_at', 'description', 'id', 'name', 'updated_at', 'users', 'users_count'].sort(),
    );
  });

  it('filters, sorts, selects fields and counts groups', async () => {
    const sales = (await editor.call(groupEndpoints.list, { query: { filter: { search: 'SALES' } } })).data;
    expect(sales.map((row) => row.name)).toEqual(['Sales team']);
    const customers = await editor.call(groupEndpoints.list, { query: { filter: { search: 'customers' } } });
    expect(customers.meta.total).toBe(1);
    await expectSortsByEachField(t, '/v2/groups', { token: await token('editor') }, [
      'id',
      'name',
      'description',
      'created_at',
      'updated_at',
      'users_count',
    ]);
    expect((await editor.call(groupEndpoints.list, { query: { sort: 'name' } })).data.map((row) => row.name)).toEqual([
      'Designers',
      'Managers',
      'Sales team',
    ]);
    const slim = (await editor.call(groupEndpoints.list, { query: { excluded_fields: ['groups.users'] } })).data;
    expect(slim[0]).not.toHaveProperty('users');
    const ids = (await editor.call(groupEndpoints.list, { query: { included_fields: ['id'] } })).data;
    expect(Object.keys(ids[0] ?? {})).toEqual(['id']);
    expect(await editor.count(groupEndpoints.list)).toBe(3);
    await expectUnknownParametersRefused(t, '/v2/groups', { token: await token('editor') });
  });

  it('reads one group; another company’s group is 404; needs the ability and a licence', async () => {
    const [designers] = (await editor.call(groupEndpoints.list, { query: { sort: 'name' } })).data;
    const one = await get(`/v2/groups/${designers?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.users).toHaveLength(3);
    expect((await get(`/v2/groups/${designers?.id}?excluded_fields=users`)).body.data).not.toHaveProperty('users');
    expect((await get(`/v2/groups/${designers?.id}?sort=name`)).status).toBe(422);
    expect((await get(`/v2/groups/${designers?.id}`, 'globex-editor', t.host('globex'))).status).toBe(404);
    // The viewer reads content only (decision 0045).
    expect((await get('/v2/groups', 'viewer')).status).toBe(403);
    expect((await get('/v2/groups', 'nolicence')).status).toBe(403);
  });

  it('reads one role with its abilities, 404 across companies', async () => {
    const roles = (await editor.call(roleEndpoints.list, { query: { sort: 'title' } })).data;
    const viewerRole = roles.find((role) => role.title === 'Viewer');
    const one = await get(`/v2/roles/${viewerRole?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: viewerRole?.id, title: 'Viewer' });
    expect(one.body.data.abilities).toContain('view-projects');
    expect(one.body.data.abilities).not.toContain('view-roles');
    expect(one.body.data.abilities).not.toContain('update-projects');
    expect(Object.keys((await get(`/v2/roles/${viewerRole?.id}?included_fields=roles.title`)).body.data)).toEqual([
      'title',
    ]);
    expect((await get(`/v2/roles/${viewerRole?.id}`, 'globex-editor', t.host('globex'))).status).toBe(404);
    expect((await get(`/v2/roles/${viewerRole?.id}`, 'nolicence')).status).toBe(403);
    expect((await get('/v2/roles/abc')).status).toBe(422);
  });
});
