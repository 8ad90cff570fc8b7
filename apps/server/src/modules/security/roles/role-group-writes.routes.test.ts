import { afterAll, beforeAll, expect, it } from 'vitest';
import { USERS_MISSING } from '#modules/content/projects/project.service.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('role and group saves (Security → Roles, Groups)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);

  it('creates, changes (PATCH and _method=PATCH) and deletes a role; members keep their membership without it', async () => {
    const created = await c.send('POST', '/v2/roles', {
      title: ' Planner ',
      description: 'Plans',
      abilities: ['view-projects', 'view-projects', 'list-labels'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Planner',
      description: 'Plans',
      abilities: ['list-labels', 'view-projects'],
    });
    const id = created.body.data.id as number;
    const patched = await c.send('PATCH', `/v2/roles/${id}`, { abilities: ['update-projects'], description: '' });
    expect(patched.body.data).toMatchObject({ title: 'Planner', description: null, abilities: ['update-projects'] });
    const form = await c.form('POST', `/v2/roles/${id}`, '_method=PATCH&title=Planner+2&abilities[]=view-roles');
    expect(form.body.data).toMatchObject({ title: 'Planner 2', abilities: ['view-roles'] });
    expect((await c.form('POST', `/v2/roles/${id}`, '_method=PATCH&abilities=')).body.data.abilities).toEqual([]);

    const member = await c.send('POST', '/v2/users', {
      name: 'Role Holder',
      username: 'role-holder',
      email: 'role-holder@example.test',
      role_id: id,
    });
    expect(member.status).toBe(201);
    expect((await c.send('DELETE', `/v2/roles/${id}`)).body).toEqual({ role_title: 'Planner 2', status: 'deleted' });
    const after = await c.get(`/v2/users/${member.body.data.id}`);
    expect(after.body.data).toMatchObject({ role: null, role_id: null });
    expect((await c.get(`/v2/roles/${id}`)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/roles/${id}`)).status).toBe(404);
  });

  it('refuses bad role input (422 per field), missing permission (403, 401) and other companies’ roles (404)', async () => {
    const bad = await c.send('POST', '/v2/roles', { title: '', abilities: ['fly', 'view-projects'], description: 5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['abilities', 'description', 'title']);
    expect((await c.send('POST', '/v2/roles', { title: 'x'.repeat(256) })).body.errors).toHaveProperty('title');
    expect((await c.send('POST', '/v2/roles', { title: 'Mine' }, 'viewer')).status).toBe(403);
    expect((await t.request('/v2/roles', { json: { title: 'Mine' } })).status).toBe(401);
    const role = (await c.send('POST', '/v2/roles', { title: 'Guarded' })).body.data.id as number;
    expect((await c.send('PATCH', `/v2/roles/${role}`, { title: 'x' }, 'viewer')).status).toBe(403);
    expect((await c.send('DELETE', `/v2/roles/${role}`, undefined, 'viewer')).status).toBe(403);
    const globex = await c.globex();
    expect((await c.send('PATCH', `/v2/roles/${role}`, { title: 'x' }, globex)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/roles/${role}`, undefined, globex)).status).toBe(404);
  });

  it('creates, changes and deletes a group with members of this company only', async () => {
    const [editor, viewer, globexEditor] = [
      await c.accountId('editor'),
      await c.accountId('viewer'),
      await c.accountId('globex-editor'),
    ];
    const created = await c.send('POST', '/v2/groups', { name: 'Fitters', description: 'On site', users: [editor] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Fitters', users_count: 1, users: [{ id: editor }] });
    const id = created.body.data.id as number;
    const form = await c.form('POST', `/v2/groups/${id}`, `_method=PATCH&users[]=${viewer}&users[]=${editor}`);
    expect(form.body.data.users_count).toBe(2);
    const patched = await c.send('PATCH', `/v2/groups/${id}`, { name: 'Fitters 2', users: [] });
    expect(patched.body.data).toMatchObject({ name: 'Fitters 2', users_count: 0 });
    const foreign = await c.send('PATCH', `/v2/groups/${id}`, { users: [globexEditor] });
    expect(foreign.body.errors).toEqual({ users: [USERS_MISSING] });
    expect((await c.send('POST', '/v2/groups', { name: '', users: 'x' })).body.errors).toHaveProperty('name');
    expect((await c.send('POST', '/v2/groups', { name: 'G', users: [999999] })).body.errors).toEqual({
      users: [USERS_MISSING],
    });
    expect((await c.send('POST', '/v2/groups', { name: 'Mine' }, 'viewer')).status).toBe(403);
    expect((await c.send('PATCH', `/v2/groups/${id}`, { name: 'x' }, 'viewer')).status).toBe(403);
    expect((await c.send('DELETE', `/v2/groups/${id}`, undefined, 'viewer')).status).toBe(403);
    expect((await t.request(`/v2/groups/${id}`, { method: 'DELETE' })).status).toBe(401);
    const globex = await c.globex();
    expect((await c.send('PATCH', `/v2/groups/${id}`, { name: 'x' }, globex)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/groups/${id}`, undefined, globex)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/groups/${id}`)).body).toEqual({ group_name: 'Fitters 2', status: 'deleted' });
    expect((await c.get(`/v2/groups/${id}`)).status).toBe(404);
  });
});
