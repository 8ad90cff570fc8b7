import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { type Who, writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { decodeQp, linkIn, type Received, startSmtp, waitFor } from '#test/smtp-server.ts';
import { BASE_DOMAIN, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { ALREADY_INVITED, INVITATION_EXPIRED, NEEDS_MAIL_LINK, NO_SUCH_INVITATION } from './invitation.service.ts';

/** The invitation page's link in a mail: `/invitations?id=…&token=…` on the configured base domain. */
const invitationLink = (mail: Received) => {
  const match = /(https?:\/\/[^\s"<]+\/invitations\?id=(\d+)&(?:amp;)?token=([A-Za-z0-9_-]+))/.exec(decodeQp(mail.raw));
  if (!match) throw new Error(`no invitation link in ${mail.raw}`);
  return { url: match[1] as string, id: Number(match[2]), token: match[3] as string };
};

describeEachDatabase('membership by acceptance: invitations of existing accounts', (kind) => {
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
  const read = (url: string, who: Who = 'editor') => c.send('GET', url, undefined, who);
  const roleId = async (company: string, title: string) =>
    (
      await queryRows<{ id: number }>(
        t.database.system,
        sql`select r.id from roles r join companies c on c.id = r.company_id where c.sub_domain = ${company} and r.title = ${title}`,
      )
    )[0]?.id as number;
  const mailTo = (address: string, after: number) =>
    waitFor(() => smtp.inbox.slice(after).find((m) => m.to.includes(address)));
  const signIn = (identity: string, password: string, host: string) =>
    t.request('/v2/login', { host, json: { identity, password, issue_token: true } });
  /** Signed in on the bare base domain, where any account may sign in. */
  const anywhere = async (identity: string, password: string) => {
    const res = await signIn(identity, password, BASE_DOMAIN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { token: res.body.access_token as string, host: BASE_DOMAIN };
  };
  /** A new account made by globex's editor, its password set through the mailed link. */
  const globexAccount = async (suffix: string) => {
    const before = smtp.inbox.length;
    const email = `ada-${suffix}@example.test`;
    const made = await c.send(
      'POST',
      '/v2/users',
      { name: `Ada ${suffix}`, username: `ada-${suffix}`, email, role_id: await roleId('globex', 'Viewer') },
      await c.globex(),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { token } = linkIn(await mailTo(email, before));
    const password = `ada-password-${suffix}`;
    const reset = await t.request('/v2/password/reset', {
      json: { token, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    return { id: made.body.data.id as number, email, username: `ada-${suffix}`, password };
  };

  it('a planted account gains nothing: the other company only invites it, and only the mailbox owner accepts', async () => {
    // acme's editor makes an account with a mailbox they own and sets its password.
    let before = smtp.inbox.length;
    const made = await c.send('POST', '/v2/users', {
      name: 'Planted',
      username: 'planted',
      email: 'planter@example.test',
      phone_number: '0612345678',
      function: 'Spy',
      role_id: await roleId('acme', 'Viewer'),
    });
    expect(made.status).toBe(201);
    const reset = linkIn(await mailTo('planter@example.test', before));
    await t.request('/v2/password/reset', {
      json: { token: reset.token, password: 'planter-pass-1', password_confirmation: 'planter-pass-1' },
    });
    // …then gives it an address of globex: allowed (the account is acme's only), but unconfirmed, both told.
    before = smtp.inbox.length;
    const moved = await c.send('PATCH', `/v2/users/${made.body.data.id}`, { email: 'victim@globex.test' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ email: 'victim@globex.test', email_verified: false });
    expect((await mailTo('planter@example.test', before)).raw).toMatch(/victim@globex\.test/);
    expect((await mailTo('victim@globex.test', before)).raw).toMatch(/not confirmed/);

    // globex's editor adds that address: an invitation, with nothing of the account.
    before = smtp.inbox.length;
    const globex = await c.globex();
    const editorRole = await roleId('globex', 'Editor');
    const added = await c.send(
      'POST',
      '/v2/users',
      { name: 'Victor', username: 'victor', email: 'Victim@globex.test', role_id: editorRole },
      globex,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({
      email: 'Victim@globex.test',
      status: 'invited',
      role: { id: editorRole, title: 'Editor' },
    });
    expect(Object.keys(added.body.data).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'id', 'licenses', 'role', 'role_id', 'status', 'updated_at'].sort(),
    );
    expect(JSON.stringify(added.body)).not.toMatch(/Planted|planted|0612345678|Spy/);
    const invitations = await read('/v2/invitations?filter[status]=invited', globex);
    expect(invitations.body.data.map((row: { email: string }) => row.email)).toEqual(['Victim@globex.test']);
    expect((await read('/v2/users?filter[search]=victim', globex)).body.meta.total).toBe(0);
    const mail = await mailTo('victim@globex.test', before);
    const link = invitationLink(mail);
    expect(link.url.startsWith(`http://${BASE_DOMAIN}/invitations?id=`)).toBe(true);
    expect(mail.raw).toMatch(/Globex Interiors/);

    // The planter holds the account but not the mailbox: not a member, and cannot accept.
    expect((await signIn('planted', 'planter-pass-1', t.host('globex'))).status).toBe(403);
    const planter = await anywhere('planted', 'planter-pass-1');
    const received = await read('/v2/my-invitations', planter);
    expect(received.body.data).toEqual([
      expect.objectContaining({
        id: link.id,
        company: expect.objectContaining({ name: 'Globex Interiors', sub_domain: 'globex' }),
        role_title: 'Editor',
        needs_mail_link: true,
      }),
    ]);
    const refused = await c.send('POST', `/v2/my-invitations/${link.id}/accept`, {}, planter);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NEEDS_MAIL_LINK);
    const guessed = await c.send('POST', `/v2/my-invitations/${link.id}/accept`, { token: 'x'.repeat(43) }, planter);
    expect(guessed.status).toBe(403);
    expect((await signIn('planted', 'planter-pass-1', t.host('globex'))).status).toBe(403);

    // With the mailed link (the mailbox owner's) the account joins, and its address counts as confirmed.
    const accepted = await c.send('POST', `/v2/my-invitations/${link.id}/accept`, { token: link.token }, planter);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.company).toMatchObject({ name: 'Globex Interiors', sub_domain: 'globex' });
    expect((await signIn('planted', 'planter-pass-1', t.host('globex'))).status).toBe(200);
    const member = (await read('/v2/users?filter[search]=victim', globex)).body.data[0];
    expect(member).toMatchObject({ username: 'planted', role: { title: 'Editor' }, email_verified: true });
    expect((await read('/v2/invitations', globex)).body.meta.total).toBe(0);
  });

  it('an account with a confirmed address accepts from its list, with the role and licences chosen', async () => {
    const viewerRole = await roleId('acme', 'Viewer');
    const before = smtp.inbox.length;
    const invited = await c.send('POST', '/v2/users', {
      name: 'x',
      username: 'xxx',
      email: 'globex-editor@meshport.example',
      role_id: viewerRole,
      licenses: ['design_and_sales'],
    });
    expect(invited.body.data).toMatchObject({ status: 'invited', licenses: ['design_and_sales'] });
    await mailTo('globex-editor@meshport.example', before);
    const again = await c.send('POST', '/v2/users', {
      name: 'x',
      username: 'xxx',
      email: 'globex-editor@meshport.example',
      role_id: viewerRole,
    });
    expect(again.body.errors).toEqual({ email: [ALREADY_INVITED] });
    expect((await read('/v2/users?filter[search]=globex-editor')).body.meta.total).toBe(0);
    const one = await read(`/v2/invitations/${invited.body.data.id}`);
    expect(one.body.data).toMatchObject({ email: 'globex-editor@meshport.example', status: 'invited' });

    const greta = await c.globex();
    const received = (await read('/v2/my-invitations', greta)).body.data;
    expect(received).toEqual([
      expect.objectContaining({ company: expect.objectContaining({ name: 'Acme Kitchens' }), needs_mail_link: false }),
    ]);
    const accepted = await c.send('POST', `/v2/my-invitations/${received[0].id}/accept`, {}, greta);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const row = (await read('/v2/users?filter[search]=globex-editor')).body.data[0];
    expect(row).toMatchObject({ name: 'Greta Globex', role: { title: 'Viewer' }, licenses: ['design_and_sales'] });
    expect((await read(`/v2/invitations/${invited.body.data.id}`)).status).toBe(404);
    expect((await read('/v2/my-invitations', greta)).body.data).toEqual([]);
  });

  it('is withdrawn, declined or expires; only its account sees or answers it; licences are checked', async () => {
    const ada = await globexAccount('w');
    const role = await roleId('acme', 'Viewer');
    const invite = async () => {
      const res = await c.send('POST', '/v2/users', { name: 'a', username: 'aaa', email: ada.email, role_id: role });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as number;
    };
    const notBought = await c.send('POST', '/v2/users', {
      name: 'a',
      username: 'aaa',
      email: ada.email,
      role_id: role,
      licenses: ['standalone'],
    });
    expect(Object.keys(notBought.body.errors)).toEqual(['licenses']);
    const adaWho = await anywhere(ada.username, ada.password);
    let id = await invite();

    // Other accounts and companies: nothing to see, nothing to answer.
    const viewer = await c.auth('viewer');
    expect((await read('/v2/my-invitations', 'viewer')).body.data).toEqual([]);
    const foreign = await c.send('POST', `/v2/my-invitations/${id}/accept`, {}, 'viewer');
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(NO_SUCH_INVITATION);
    expect((await c.send('POST', `/v2/my-invitations/${id}/decline`, {}, viewer)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/invitations/${id}`, undefined, 'viewer')).status).toBe(403);
    expect((await c.send('DELETE', `/v2/invitations/${id}`, undefined, await c.globex())).status).toBe(404);
    expect((await read(`/v2/invitations/${id}`, await c.globex())).status).toBe(404);
    expect((await t.request('/v2/my-invitations', { host: BASE_DOMAIN })).status).toBe(401);

    // Withdrawn by the company: gone for the account.
    expect((await c.send('DELETE', `/v2/invitations/${id}`)).body).toEqual({ email: ada.email, status: 'withdrawn' });
    expect((await c.send('DELETE', `/v2/invitations/${id}`)).status).toBe(404);
    expect((await read('/v2/my-invitations', adaWho)).body.data).toEqual([]);

    // Declined by the account: gone for the company.
    id = await invite();
    expect((await c.send('POST', `/v2/my-invitations/${id}/decline`, {}, adaWho)).status).toBe(200);
    expect((await read(`/v2/invitations/${id}`)).status).toBe(404);

    // Expired after 14 days: the company sees it expired, the account no more; a new invitation may follow.
    id = await invite();
    const expires = (await read(`/v2/invitations/${id}`)).body.data.expires_at as string;
    expect(Math.round((Date.parse(expires) - Date.now()) / 86_400_000)).toBe(14);
    await t.database.system.execute(
      sql`update company_invitations set expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    expect((await read(`/v2/invitations/${id}`)).body.data.status).toBe('expired');
    expect((await read('/v2/my-invitations', adaWho)).body.data).toEqual([]);
    const late = await c.send('POST', `/v2/my-invitations/${id}/accept`, {}, adaWho);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(INVITATION_EXPIRED);
    const renewed = await invite();
    expect(renewed).not.toBe(id);
    expect((await read('/v2/invitations?filter[status]=expired')).body.meta.total).toBe(0);
  });
});
