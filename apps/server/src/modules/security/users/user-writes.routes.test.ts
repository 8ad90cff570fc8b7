import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import {
  HATCH_NEEDS_DESIGN_AND_SALES,
  LICENCE_ALL_USED,
  LICENCE_NOT_BOUGHT,
} from '#modules/administration/licences/licence-seats.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { linkIn, startSmtp, waitFor } from '#test/smtp-server.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { NOT_OWN_ACCOUNT, NOT_OWN_ADMIN_FLAG } from './admin-user-write.routes.ts';
import {
  ALREADY_MEMBER,
  EMAIL_TAKEN,
  NOT_OWN_REMOVAL,
  ROLE_MISSING,
  ROLE_REQUIRED,
  SHARED_ACCOUNT,
  USERNAME_TAKEN,
} from './user.service.ts';

interface Seat {
  licence: string;
  used: number;
}

describeEachDatabase('user saves: add, change, remove (Security → Users)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Meshport <no-reply@meshport.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const c = writeClient(() => t);
  const roleId = async (company: string, title: string) =>
    (
      await queryRows<{ id: number }>(
        t.database.system,
        sql`select r.id from roles r join companies c on c.id = r.company_id where c.sub_domain = ${company} and r.title = ${title}`,
      )
    )[0]?.id as number;
  const person = (suffix: string, extra: Record<string, unknown> = {}) => ({
    name: `Pat ${suffix}`,
    username: `pat-${suffix}`,
    email: `pat-${suffix}@example.test`,
    ...extra,
  });

  it('adds a new account with role and licences, and mails the invitation that sets its first password', async () => {
    const editorRole = await roleId('acme', 'Editor');
    const before = smtp.inbox.length;
    const res = await c.send(
      'POST',
      '/v2/users',
      person('new', { role_id: editorRole, licenses: ['design_and_sales', 'hatch'], phone_number: ' 0612 ' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Pat new',
      username: 'pat-new',
      email: 'pat-new@example.test',
      phone_number: '0612',
      function: null,
      admin: 0,
      role: { id: editorRole, title: 'Editor' },
      licenses: ['design_and_sales', 'hatch'],
      groups: [],
    });
    const mail = await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('pat-new@example.test')));
    expect(mail.raw).toMatch(/Acme Kitchens/);
    const link = linkIn(mail);
    expect(link.url.startsWith(`http://${t.host('acme')}/reset-password?token=`)).toBe(true);
    const reset = await t.request('/v2/password/reset', {
      json: { token: link.token, password: 'pat-password-1', password_confirmation: 'pat-password-1' },
    });
    expect(reset.status).toBe(200);
    const login = await t.request('/v2/login', { json: { identity: 'pat-new', password: 'pat-password-1' } });
    expect(login.status).toBe(200);
    const licences = await c.get('/v2/companies/my-company/licences');
    expect(licences.body.data[0]).toEqual({ licence: 'design_and_sales', bought: 10, used: 5 });
  });

  it('only invites an existing account by e-mail (a mail, none of its details); once it accepts, only an administrator changes them', async () => {
    const viewerRole = await roleId('acme', 'Viewer');
    const before = smtp.inbox.length;
    const body = person('ignored', { email: 'GLOBEX-EDITOR@meshport.example', role_id: viewerRole });
    const res = await c.send('POST', '/v2/users', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'GLOBEX-EDITOR@meshport.example', status: 'invited', licenses: [] });
    expect(res.body.data).not.toHaveProperty('name');
    expect(res.body.data).not.toHaveProperty('username');
    expect(JSON.stringify(res.body)).not.toMatch(/Greta|globex-editor"/);
    await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('globex-editor@meshport.example')));
    const id = await c.accountId('globex-editor');
    expect((await c.get(`/v2/users/${id}`)).status).toBe(404);
    const globex = await c.globex();
    const invitation = (await c.send('GET', '/v2/my-invitations', undefined, globex)).body.data[0];
    expect((await c.send('POST', `/v2/my-invitations/${invitation.id}/accept`, {}, globex)).status).toBe(200);
    expect((await c.get(`/v2/users/${id}`)).body.data).toMatchObject({
      name: 'Greta Globex',
      username: 'globex-editor',
    });
    expect((await c.send('POST', '/v2/users', body)).body.errors).toEqual({ email: [ALREADY_MEMBER] });
    const rename = await c.send('PATCH', `/v2/users/${id}`, { name: 'Not Greta' });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe(SHARED_ACCOUNT);
    const licences = await c.send('PATCH', `/v2/users/${id}`, { licenses: ['design_and_sales'] });
    expect(licences.body.data.licenses).toEqual(['design_and_sales']);
    const byAdmin = await c.send('PATCH', `/v2/users/${id}`, { function: 'Buyer' }, 'admin');
    expect(byAdmin.body.data.function).toBe('Buyer');
    // Still a member of globex: removal here leaves the account and its other company.
    expect((await c.send('DELETE', `/v2/users/${id}`)).body).toEqual({ user_name: 'Greta Globex', status: 'deleted' });
    expect((await c.get(`/v2/users/${id}`)).status).toBe(404);
    expect((await c.get('/v2/users?per_page=1', 'globex-editor', t.host('globex'))).status).toBe(200);
  });

  it("changing a member's e-mail makes it unconfirmed and tells the old and the new address", async () => {
    const created = await c.send(
      'POST',
      '/v2/users',
      person('mailchange', { role_id: await roleId('acme', 'Viewer') }),
    );
    const id = created.body.data.id as number;
    await t.database.system.execute(sql`update accounts set email_verified_at = now() where id = ${id}`);
    const before = smtp.inbox.length;
    const unchanged = await c.send('PATCH', `/v2/users/${id}`, { email: 'PAT-MAILCHANGE@example.test' });
    expect(unchanged.body.data.email_verified).toBe(true);
    const changed = await c.send('PATCH', `/v2/users/${id}`, { email: 'pat-moved@example.test' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ email: 'pat-moved@example.test', email_verified: false });
    const old = await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('PAT-MAILCHANGE@example.test')));
    const fresh = await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('pat-moved@example.test')));
    for (const mail of [old, fresh]) expect(mail.raw).toMatch(/Acme Kitchens changed the e-mail address/);
    expect(smtp.inbox.length - before).toBe(2);
  });

  it('answers 422 per field on bad input', async () => {
    const globexRole = await roleId('globex', 'Editor');
    const bad = await c.send('POST', '/v2/users', {
      name: ' ',
      username: 'a b',
      email: 'nope',
      role_id: null,
      licenses: ['gold'],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'licenses', 'name', 'username']);
    const noRole = await c.send('POST', '/v2/users', person('norole', { role_id: '' }));
    expect(noRole.body.errors).toEqual({ role_id: [ROLE_REQUIRED] });
    const otherRole = await c.send('POST', '/v2/users', person('other', { role_id: globexRole }));
    expect(otherRole.body.errors).toEqual({ role_id: [ROLE_MISSING] });
    const role = await roleId('acme', 'Viewer');
    const taken = await c.send('POST', '/v2/users', person('taken', { username: 'EDITOR', role_id: role }));
    expect(taken.body.errors).toEqual({ username: [USERNAME_TAKEN] });
    const notBought = await c.send('POST', '/v2/users', person('nb', { role_id: role, licenses: ['standalone'] }));
    expect(notBought.body.errors).toEqual({ licenses: [LICENCE_NOT_BOUGHT('standalone')] });
    const hatchOnly = await c.send('POST', '/v2/users', person('ho', { role_id: role, licenses: ['hatch'] }));
    expect(hatchOnly.body.errors).toEqual({ licenses: [HATCH_NEEDS_DESIGN_AND_SALES] });
    const huge = await c.send('POST', '/v2/users', person('x'.repeat(300), { role_id: role }));
    expect(huge.status).toBe(422);
    expect((await c.get('/v2/users?filter[search]=pat-nb')).body).toMatchObject({ meta: { total: 0 } });
  });

  it('gives the last seat to exactly one of 10 parallel saves', async () => {
    const role = await roleId('acme', 'Viewer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        c.send('POST', '/v2/users', person(`seat${index}`, { role_id: role, licenses: ['realization'] })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const answer of answers.filter((a) => a.status === 422)) {
      expect(answer.body).toMatchObject({ errors: { licenses: [LICENCE_ALL_USED('realization', 1)] } });
    }
    const seats = (await c.get('/v2/companies/my-company/licences')).body.data as unknown as Seat[];
    expect(seats.find((seat) => seat.licence === 'realization')).toMatchObject({ used: 1 });
  });

  it('changes a member by PATCH and by POST with _method=PATCH (form data), licences replaced', async () => {
    const [viewerRole, editorRole] = [await roleId('acme', 'Viewer'), await roleId('acme', 'Editor')];
    const created = await c.send('POST', '/v2/users', person('change', { role_id: viewerRole }));
    const id = created.body.data.id as number;
    const patched = await c.send('PATCH', `/v2/users/${id}`, {
      name: 'Pat Changed',
      role_id: editorRole,
      licenses: ['design_and_sales', 'holo_helmet'],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: 'Pat Changed',
      role_id: editorRole,
      licenses: ['design_and_sales', 'holo_helmet'],
    });
    const form = await c.form(
      'POST',
      `/v2/users/${id}`,
      '_method=PATCH&function=Planner&licenses[]=design_and_sales&licenses[]=hatch',
    );
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data).toMatchObject({ function: 'Planner', licenses: ['design_and_sales', 'hatch'] });
    const cleared = await c.form('POST', `/v2/users/${id}`, '_method=PATCH&licenses=');
    expect(cleared.body.data.licenses).toEqual([]);
    const taken = await c.send('PATCH', `/v2/users/${id}`, { email: 'Editor@meshport.example' });
    expect(taken.body.errors).toEqual({ email: [EMAIL_TAKEN] });
    const noRole = await c.send('PATCH', `/v2/users/${id}`, { role_id: null });
    expect(noRole.body.errors).toEqual({ role_id: [ROLE_REQUIRED] });
  });

  it('refuses without sign-in (401), permission (403) or membership here (404); no self-removal', async () => {
    const role = await roleId('acme', 'Viewer');
    const body = person('guard', { role_id: role });
    expect((await t.request('/v2/users', { json: body })).status).toBe(401);
    expect((await c.send('POST', '/v2/users', body, 'viewer')).status).toBe(403);
    expect((await c.send('POST', '/v2/users', body, 'nolicence')).status).toBe(403);
    const viewer = await c.accountId('viewer');
    expect((await c.send('PATCH', `/v2/users/${viewer}`, { function: 'x' }, 'viewer')).status).toBe(403);
    expect((await c.send('DELETE', `/v2/users/${viewer}`, undefined, 'viewer')).status).toBe(403);
    const globex = await c.globex();
    expect((await c.send('PATCH', `/v2/users/${viewer}`, { function: 'x' }, globex)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/users/${viewer}`, undefined, globex)).status).toBe(404);
    expect((await c.send('PATCH', '/v2/users/999999', { function: 'x' })).status).toBe(404);
    const editor = await c.accountId('editor');
    const self = await c.send('DELETE', `/v2/users/${editor}`);
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ id: [NOT_OWN_REMOVAL] });
  });

  it('lets admins add an invited account with the admin flag, change and delete accounts, never their own flag', async () => {
    const before = smtp.inbox.length;
    const body = person('admin', { admin: true });
    expect((await c.send('POST', '/v2/admin/users', body)).status).toBe(403);
    const created = await c.send('POST', '/v2/admin/users', body, 'admin');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      username: 'pat-admin',
      admin: 1,
      companies: [{ name: 'Acme Kitchens' }],
    });
    await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('pat-admin@example.test')));
    const id = created.body.data.id as number;
    expect((await c.send('POST', '/v2/admin/users', body, 'admin')).body.errors).toEqual({
      username: [USERNAME_TAKEN],
      email: [EMAIL_TAKEN],
    });
    const bad = await c.send(
      'POST',
      '/v2/admin/users',
      { name: '', username: 'x', email: 'y', admin: 'maybe' },
      'admin',
    );
    expect(Object.keys(bad.body.errors).sort()).toEqual(['admin', 'email', 'name', 'username']);
    const lowered = await c.form('POST', `/v2/admin/users/${id}`, '_method=PATCH&admin=0&name=Pat+Plain', 'admin');
    expect(lowered.body.data).toMatchObject({ admin: 0, name: 'Pat Plain' });
    expect((await c.send('PATCH', `/v2/admin/users/${id}`, { admin: true })).status).toBe(403);
    const adminId = await c.accountId('admin');
    const own = await c.send('PATCH', `/v2/admin/users/${adminId}`, { admin: false }, 'admin');
    expect(own.body.errors).toEqual({ admin: [NOT_OWN_ADMIN_FLAG] });
    expect((await c.send('DELETE', `/v2/admin/users/${adminId}`, undefined, 'admin')).body.errors).toEqual({
      id: [NOT_OWN_ACCOUNT],
    });
    expect((await c.send('DELETE', `/v2/admin/users/${id}`)).status).toBe(403);
    expect((await c.send('DELETE', `/v2/admin/users/${id}`, undefined, 'admin')).body).toEqual({
      user_name: 'Pat Plain',
      status: 'deleted',
    });
    expect((await c.send('DELETE', `/v2/admin/users/${id}`, undefined, 'admin')).status).toBe(404);
    expect((await c.send('PATCH', `/v2/admin/users/${id}`, { name: 'x' }, 'admin')).status).toBe(404);
    expect((await t.request('/v2/admin/users', { json: body })).status).toBe(401);
  });
});
