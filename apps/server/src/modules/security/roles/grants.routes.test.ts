import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOT_OWN_LICENCES, NOT_OWN_ROLE, notHeldMessage } from '#core/access/grant.ts';
import { queryRows } from '#core/db/database.ts';
import { type InsiderMember, insiderMembers } from '#test/insider-members.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/** Grant only what you hold (issue 24 §5): members holding a single ability each try to give more. */
describeEachDatabase('grant only what you hold', (kind) => {
  let t: TestApp;
  let m: Record<string, InsiderMember>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    m = await insiderMembers(t, {
      'create-users': ['create-users'],
      'update-users': ['update-users'],
      'create-roles': ['create-roles'],
      'update-roles': ['update-roles'],
      'portal-users': ['create-users', 'update-users'],
    });
    // on the customerportal only: holds design_and_sales, not hatch
    await t.database.system.execute(
      sql`delete from membership_licences where account_id = ${m['portal-users']?.accountId} and licence_key = 'hatch'`,
    );
    // the insiders hold seats too: room for the licences given here
    await t.database.system.execute(sql`update company_licences set bought = 100 where bought > 0`);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const as = (who: string) => ({ token: who === 'admin' ? admin : (m[who]?.token as string) });
  const send = (who: string, method: string, url: string, json: unknown, host?: string) =>
    t.request(url, { method, json, ...as(who), ...(host ? { host } : {}) });
  const roleId = async (title: string) =>
    (
      await queryRows<{ id: number }>(
        t.database.system,
        sql`select r.id from roles r join companies c on c.id = r.company_id where c.sub_domain = 'acme' and r.title = ${title}`,
      )
    )[0]?.id as number;
  const person = (suffix: string, extra: Record<string, unknown>) => ({
    name: `Grant ${suffix}`,
    username: `grant-${suffix}`,
    email: `grant-${suffix}@example.test`,
    ...extra,
  });
  const abilitiesOf = async (who: string) =>
    (await t.request('/v2/my-account', as(who))).body.data.abilities as string[];

  it('nobody changes their own role, not even to one they hold; their own licences neither', async () => {
    const self = m['update-users'] as InsiderMember;
    const toEditor = await send('update-users', 'PATCH', `/v2/users/${self.accountId}`, {
      role_id: await roleId('Editor'),
    });
    expect(toEditor.status, JSON.stringify(toEditor.body)).toBe(422);
    expect(toEditor.body.errors.role_id).toContain(NOT_OWN_ROLE);
    const twin = await send('admin', 'POST', '/v2/roles', { title: 'Twin', abilities: ['update-users'] });
    const lateral = await send('update-users', 'PATCH', `/v2/users/${self.accountId}`, { role_id: twin.body.data.id });
    expect(lateral.body.errors).toEqual({ role_id: [NOT_OWN_ROLE] });
    const licences = await send('update-users', 'PATCH', `/v2/users/${self.accountId}`, {
      licenses: ['design_and_sales', 'hatch', 'standalone'],
    });
    expect(licences.body.errors).toEqual({ licenses: [NOT_OWN_LICENCES] });
    // the same role and licences sent back (a whole form) are no change
    const same = await send('update-users', 'PATCH', `/v2/users/${self.accountId}`, {
      role_id: self.roleId,
      licenses: ['hatch', 'design_and_sales'],
      function: 'Keeps',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await abilitiesOf('update-users')).toEqual(['update-users']);
    const adminId = (await t.request('/v2/my-account', as('admin'))).body.data.id as number;
    const byAdmin = await send('admin', 'PATCH', `/v2/users/${adminId}`, { role_id: await roleId('Viewer') });
    expect(byAdmin.status, 'platform admins aside').toBe(200);
    await send('admin', 'PATCH', `/v2/users/${adminId}`, { role_id: await roleId('Editor') });
  });

  it('gives a role to another member (update) only when holding every ability of it', async () => {
    const target = (m['create-roles'] as InsiderMember).accountId;
    const editor = await send('update-users', 'PATCH', `/v2/users/${target}`, { role_id: await roleId('Editor') });
    expect(editor.status).toBe(422);
    expect(editor.body.errors.role_id[0]).toMatch(/^You can only give abilities you hold yourself; you do not hold /);
    expect(editor.body.errors.role_id[0]).toContain('create-users');
    expect(editor.body.errors.role_id[0]).not.toContain(' update-users,');
    expect(await abilitiesOf('create-roles')).toEqual(['create-roles']);
    const held = await send('update-users', 'PATCH', `/v2/users/${target}`, {
      role_id: (m['update-users'] as InsiderMember).roleId,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(await abilitiesOf('create-roles')).toEqual(['update-users']);
    // put back
    await send('admin', 'PATCH', `/v2/users/${target}`, { role_id: (m['create-roles'] as InsiderMember).roleId });
  });

  it('gives a role to a new member (create) only when holding every ability of it', async () => {
    const refused = await send(
      'create-users',
      'POST',
      '/v2/users',
      person('editor', { role_id: await roleId('Viewer') }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.role_id[0]).toContain('view-projects');
    expect((await t.request('/v2/users?filter[search]=grant-editor', as('admin'))).body.meta.total).toBe(0);
    const held = await send(
      'create-users',
      'POST',
      '/v2/users',
      person('held', { role_id: (m['create-users'] as InsiderMember).roleId }),
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
  });

  it('gives the hatch licence only when holding it; seats of other products are handed out freely', async () => {
    const portal = t.host('acme', 'customerportal');
    const ownRole = (m['portal-users'] as InsiderMember).roleId;
    const hatch = await send(
      'portal-users',
      'POST',
      '/v2/users',
      person('hatch', { role_id: ownRole, licenses: ['design_and_sales', 'hatch'] }),
      portal,
    );
    expect(hatch.status).toBe(422);
    expect(hatch.body.errors).toEqual({ licenses: [notHeldMessage('licences', ['hatch'])] });
    const other = await send(
      'portal-users',
      'POST',
      '/v2/users',
      person('seat', { role_id: ownRole, licenses: ['design_and_sales', 'holo_helmet'] }),
      portal,
    );
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const id = other.body.data.id as number;
    const later = await send(
      'portal-users',
      'PATCH',
      `/v2/users/${id}`,
      { licenses: ['design_and_sales', 'hatch'] },
      portal,
    );
    expect(later.body.errors).toEqual({ licenses: [notHeldMessage('licences', ['hatch'])] });
    // a member who has hatch keeps it when someone without it saves their other licences
    expect((await send('admin', 'PATCH', `/v2/users/${id}`, { licenses: ['design_and_sales', 'hatch'] })).status).toBe(
      200,
    );
    const kept = await send(
      'portal-users',
      'PATCH',
      `/v2/users/${id}`,
      { licenses: ['hatch', 'design_and_sales', 'realization'] },
      portal,
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('gives a new role only abilities its maker holds', async () => {
    const refused = await send('create-roles', 'POST', '/v2/roles', {
      title: 'Power',
      abilities: ['create-roles', 'update-users', 'create-users'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ abilities: [notHeldMessage('abilities', ['create-users', 'update-users'])] });
    const held = await send('create-roles', 'POST', '/v2/roles', { title: 'Makers', abilities: ['create-roles'] });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
  });

  it('adds to a role, its own included, only abilities the changer holds; keeping or removing others is allowed', async () => {
    const own = (m['update-roles'] as InsiderMember).roleId;
    const escalate = await send('update-roles', 'PATCH', `/v2/roles/${own}`, {
      abilities: ['update-roles', 'create-users'],
    });
    expect(escalate.status).toBe(422);
    expect(escalate.body.errors).toEqual({ abilities: [notHeldMessage('abilities', ['create-users'])] });
    expect(await abilitiesOf('update-roles')).toEqual(['update-roles']);
    const viewer = await roleId('Viewer');
    const viewerAbilities = (await t.request(`/v2/roles/${viewer}`, as('admin'))).body.data.abilities as string[];
    const grow = await send('update-roles', 'PATCH', `/v2/roles/${viewer}`, {
      abilities: [...viewerAbilities, 'delete-projects'],
    });
    expect(grow.body.errors).toEqual({ abilities: [notHeldMessage('abilities', ['delete-projects'])] });
    const kept = await send('update-roles', 'PATCH', `/v2/roles/${viewer}`, {
      title: 'Viewer',
      abilities: [...viewerAbilities, 'update-roles'],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const shrunk = await send('update-roles', 'PATCH', `/v2/roles/${viewer}`, { abilities: viewerAbilities.slice(1) });
    expect(shrunk.status).toBe(200);
    const byAdmin = await send('admin', 'PATCH', `/v2/roles/${viewer}`, { abilities: viewerAbilities });
    expect(byAdmin.status, 'platform admins aside').toBe(200);
  });
});
