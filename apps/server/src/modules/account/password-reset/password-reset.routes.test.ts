import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_RESET_SENT_MESSAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { decodeQp, linkIn, startSmtp, waitFor } from '#test/smtp-server.ts';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('password reset over SMTP', (kind) => {
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

  const forgot = (email: string, host = t.host('acme')) =>
    t.request<{ message: string }>('/v2/password/forgot', { host, json: { email } });
  const reset = (body: Record<string, string>) =>
    t.request<{ message: string; errors: Record<string, string[]> }>('/v2/password/reset', { json: body });
  const mailTo = async (address: string, after: number) =>
    waitFor(() => smtp.inbox.slice(after).find((m) => m.to.includes(address)));

  it('mails a single-use link; the new password works and every old session ends', async () => {
    const oldSessions = [await t.login('editor'), await t.login('editor')];
    const before = smtp.inbox.length;
    const res = await forgot('Editor@Meshport.Example');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PASSWORD_RESET_SENT_MESSAGE);
    const mail = await mailTo('editor@meshport.example', before);
    expect(mail.raw).toMatch(/^Subject: Acme Kitchens: reset your password/m);
    expect(mail.raw).toMatch(/^From: Meshport <no-reply@meshport\.test>/m);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const link = linkIn(mail);
    expect(link.url.startsWith(`http://${t.host('acme')}/reset-password?token=`)).toBe(true);
    const stored = await t.database.system.execute(sql`select token_hash from password_reset_tokens`);
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const weak = await reset({ token: link.token, password: 'short', password_confirmation: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toBeDefined();
    const mismatch = await reset({
      token: link.token,
      password: 'new-password-1',
      password_confirmation: 'other-one-1',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['The password confirmation does not match.']);
    const wrongToken = await reset({
      token: 'nope',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(wrongToken.status).toBe(422);
    expect(wrongToken.body.errors.token?.[0]).toMatch(/invalid/);

    const done = await reset({
      token: link.token,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(done.status).toBe(200);
    for (const token of oldSessions) {
      expect((await t.request('/v2/auth/validate', { token })).status).toBe(401);
    }
    const withNew = await t.request('/v2/login', { json: { identity: 'editor', password: 'new-password-1' } });
    expect(withNew.status).toBe(200);
    const withOld = await t.request('/v2/login', { json: { identity: 'editor', password: DEMO_PASSWORD } });
    expect(withOld.status).toBe(401);
    const again = await reset({
      token: link.token,
      password: 'new-password-2',
      password_confirmation: 'new-password-2',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.token?.[0]).toMatch(/already been used/);
  });

  it('answers the same for unknown addresses and non-members, and sends nothing', async () => {
    const before = smtp.inbox.length;
    const unknown = await forgot('nobody@meshport.example');
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(PASSWORD_RESET_SENT_MESSAGE);
    const nonMember = await forgot('globex-editor@meshport.example');
    expect(nonMember.body.message).toBe(PASSWORD_RESET_SENT_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.inbox.length).toBe(before);
    const invalid = await t.request<{ errors: Record<string, string[]> }>('/v2/password/forgot', {
      json: { email: 'not-an-address' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.email).toBeDefined();
  });

  it('a newer request replaces the older link; an expired link is refused', async () => {
    const before = smtp.inbox.length;
    await forgot('viewer@meshport.example');
    const first = linkIn(await mailTo('viewer@meshport.example', before));
    const middle = smtp.inbox.length;
    await forgot('viewer@meshport.example');
    const second = linkIn(await mailTo('viewer@meshport.example', middle));
    expect(second.token).not.toBe(first.token);
    const old = await reset({ token: first.token, password: 'viewer-pass-1', password_confirmation: 'viewer-pass-1' });
    expect(old.status).toBe(422);
    await t.database.system.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const expired = await reset({
      token: second.token,
      password: 'viewer-pass-1',
      password_confirmation: 'viewer-pass-1',
    });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.token?.[0]).toMatch(/expired/);
    const still = await t.request('/v2/login', { json: { identity: 'viewer', password: DEMO_PASSWORD } });
    expect(still.status).toBe(200);
  });

  it("invites a new account: the mail's link sets the first password once, for 7 days", async () => {
    const [account] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into accounts (name, username, email, password_hash) values ('Ivy New', 'ivy-new', 'ivy@meshport.example', 'x') returning id`,
    );
    if (!account) throw new Error('no account');
    await t.database.system.execute(
      sql`insert into memberships (company_id, account_id) select id, ${account.id} from companies where sub_domain = 'acme'`,
    );
    const before = smtp.inbox.length;
    await t.services.passwordReset.invite({
      accountId: account.id,
      tenantName: 'Acme',
      place: { subDomain: 'acme', platform: 'hatch' },
    });
    const mail = await mailTo('ivy@meshport.example', before);
    expect(mail.raw).toContain('Acme: your account is ready');
    const link = linkIn(mail);
    const [stored] = await queryRows<{ days: number }>(
      t.database.system,
      sql`select round(extract(epoch from expires_at - now()) / 86400) as days from password_reset_tokens where account_id = ${account.id}`,
    );
    expect(Number(stored?.days)).toBe(7);
    const body = { token: link.token, password: 'ivy-pass-123', password_confirmation: 'ivy-pass-123' };
    expect((await reset(body)).status).toBe(200);
    expect((await reset(body)).status).toBe(422);
    const login = await t.request('/v2/login', {
      host: t.host('acme'),
      json: { identity: 'ivy-new', password: 'ivy-pass-123' },
    });
    expect(login.status).toBe(200);
  });

  it('is rate limited like sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot('limited@meshport.example')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('counts concurrent requests for one address before any is sent: at most the limit get through', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await forgot('concurrent@meshport.example')).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // this address has used its budget; the next tests start afresh
    await t.database.system.execute(sql`delete from login_failures`);
  });

  it('points the link at our own host even when the Host header is forged', async () => {
    const before = smtp.inbox.length;
    await forgot('nolicence@meshport.example', 'evil.example');
    const link = linkIn(await mailTo('nolicence@meshport.example', before));
    expect(new URL(link.url).hostname).toBe('meshport.test');
  });

  it('builds the link from PUBLIC_URL and the company, not from the port or host the request names', async () => {
    const before = smtp.inbox.length;
    await forgot('nolicence@meshport.example', `${t.host('acme')}:6666`);
    const link = linkIn(await mailTo('nolicence@meshport.example', before));
    expect(link.url.startsWith(`http://${t.host('acme')}/reset-password?token=`)).toBe(true);
    const middle = smtp.inbox.length;
    await forgot('nolicence@meshport.example', `${t.host('acme', 'customerportal')}:6666`);
    const other = linkIn(await mailTo('nolicence@meshport.example', middle));
    expect(other.url.startsWith(`http://${t.host('acme', 'customerportal')}/reset-password?token=`)).toBe(true);
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('writes the message as an .eml file under DATA_DIR/mail', async () => {
    const res = await t.request('/v2/password/forgot', { json: { email: 'viewer@meshport.example' } });
    expect(res.status).toBe(200);
    const folder = path.join(t.services.config.dataDir, 'mail');
    const file = await waitFor(() => {
      const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => n.endsWith('.eml')) : [];
      return names[0];
    });
    const raw = fs.readFileSync(path.join(folder, file), 'utf8');
    expect(raw).toMatch(/^To: viewer@meshport\.example$/m);
    expect(raw).toMatch(/^Subject: Acme Kitchens: reset your password$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0$/m);
    expect(decodeQp(raw)).toContain('/reset-password?token=');
  });
});
