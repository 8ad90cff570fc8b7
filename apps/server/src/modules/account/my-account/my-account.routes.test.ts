import {
  CURRENT_PASSWORD_FOR_EMAIL,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGED,
  EMAIL_TOKEN_INVALID,
  FILE_INVALID_TYPE,
  FILE_TOO_LARGE,
  MAX_PROFILE_IMAGE_BYTES,
  NEW_PASSWORD_MISMATCH,
  NEW_PASSWORD_SAME,
  NEW_PASSWORD_TOO_SHORT,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '#core/auth/password.ts';
import { queryRows } from '#core/db/database.ts';
import { multipart, PNG } from '#modules/content/projects/project-writes.test-helpers.ts';
import { decodeQp, type Received, startSmtp, waitFor } from '#test/smtp-server.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const PASSWORD = 'my-account-first-pass';
const sentTo = (mail: Received, address: string) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase());
const verifyLinkIn = (mail: Received) => {
  const match = /(https?:\/\/[^\s"<]+\/verify-email\?token=([A-Za-z0-9_-]+))/.exec(decodeQp(mail.raw));
  if (!match) throw new Error(`no link in ${mail.raw}`);
  return { url: match[1] as string, token: match[2] as string };
};
type Fields = [string, string | Blob, string?][];

describeEachDatabase('POST /my-account (_method=PATCH) and the activity log', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A member of acme like the editor (role and licences), with a password of its own. */
  const createMember = async (username: string) => {
    const hash = await hashPassword(PASSWORD);
    const [account] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into accounts (name, username, email, password_hash)
          values (${`Member ${username}`}, ${username}, ${`${username}@example.test`}, ${hash}) returning id`,
    );
    const id = account?.id as number;
    await t.database.system.execute(sql`insert into memberships (company_id, account_id, role_id)
      select company_id, ${id}, role_id from memberships m join accounts a on a.id = m.account_id
      where a.username = 'editor' and m.company_id = (select id from companies where sub_domain = 'acme')`);
    await t.database.system.execute(sql`insert into membership_licences (company_id, account_id, licence_key)
      select l.company_id, ${id}, l.licence_key from membership_licences l join accounts a on a.id = l.account_id
      where a.username = 'editor' and l.company_id = (select id from companies where sub_domain = 'acme')`);
    return id;
  };
  const signIn = async (identity: string, password = PASSWORD) =>
    t.request('/v2/login', { method: 'POST', json: { identity, password, issue_token: true } });
  const tokenOf = async (identity: string, password = PASSWORD) =>
    (await signIn(identity, password)).body.access_token as string;
  const save = async (token: string, fields: Fields) => {
    const { body, type } = await multipart([['_method', 'PATCH'], ...fields]);
    return t.request('/v2/my-account', { method: 'POST', token, body, headers: { 'content-type': type } });
  };
  const activity = async (token: string) =>
    ((await t.request('/v2/my-account/activity?per_page=100', { token })).body.data as { action: string }[]).map(
      (entry) => entry.action,
    );

  it('saves details, profile image and notification settings from form data, and logs it', async () => {
    await createMember('mya-details');
    const token = await tokenOf('mya-details');
    const res = await save(token, [
      ['name', '  Mya Details '],
      ['username', 'mya-details-2'],
      ['phone_number', '+31 20 123 4567'],
      ['function', 'Designer'],
      ['notification_settings[7][notification_type_id]', '7'],
      ['notification_settings[7][email]', '0'],
      ['notification_settings[7][browser]', '1'],
      ['licenses[]', 'standalone'],
      ['profile_image', new Blob([PNG], { type: 'image/png' }), 'me.png'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Update successful', metadata: 'success' });
    expect(res.body.data).toMatchObject({
      name: 'Mya Details',
      username: 'mya-details-2',
      email: 'mya-details@example.test',
      phone_number: '+31 20 123 4567',
      function: 'Designer',
    });
    expect(res.body.data.profile_image).toMatch(/^\/v2\/accounts\/\d+\/profile-image$/);
    expect(res.body.data.licenses).not.toContain('standalone');
    const image = await t.request(res.body.data.profile_image, { token: await t.login('editor') });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const globex = { token: await t.login('globex-editor', t.host('globex')), host: t.host('globex') };
    expect((await t.request(res.body.data.profile_image, globex)).status).toBe(404);
    const account = res.body.data.settings.find((group: { category: string }) => group.category === 'Account');
    expect(account.settings.find((s: { notification_type_id: number }) => s.notification_type_id === 7)).toEqual({
      notification_type_id: 7,
      notification_type_title: 'Password changed',
      email: 0,
      browser: 1,
    });
    // JSON with PATCH: the optional fields clear, and the image goes.
    const cleared = await t.request('/v2/my-account', {
      method: 'PATCH',
      token,
      json: { phone_number: '', function: null, profile_image: null },
    });
    expect(cleared.body.data).toMatchObject({ phone_number: null, function: null, profile_image: null });
    expect((await t.request(res.body.data.profile_image, { token })).status).toBe(404);
    expect((await activity(token)).slice(0, 2)).toEqual(['Updated their account', 'Updated their account']);
    // Reads and the quiet writes add nothing; other members' writes are theirs.
    await t.request('/v2/my-account/notifications/read-all', { method: 'POST', token, json: {} });
    await t.request('/v2/my-account', { token });
    expect(await activity(token)).toHaveLength(3);
    const settings = await t.request('/v2/my-account/notification-settings', {
      method: 'PATCH',
      token,
      json: { notification_settings: [{ notification_type_id: 5, email: 0 }] },
    });
    expect(settings.status).toBe(200);
    expect((await activity(token))[0]).toBe('Change some of my notification settings');
  });

  it('answers 401 signed out, 403 on a company the account is not in, and 422 per field changing nothing', async () => {
    await createMember('mya-invalid');
    const token = await tokenOf('mya-invalid');
    expect((await save('', [['name', 'X']])).status).toBe(401);
    const { body, type } = await multipart([
      ['_method', 'PATCH'],
      ['name', 'X'],
    ]);
    const other = await t.request('/v2/my-account', {
      method: 'POST',
      token,
      host: t.host('globex'),
      body,
      headers: { 'content-type': type },
    });
    expect(other.status).toBe(403);

    const res = await save(token, [
      ['name', '   '],
      ['username', 'EDITOR'],
      ['email', 'not-an-address'],
      ['phone_number', 'x'.repeat(51)],
      ['notification_settings[0][notification_type_id]', '999'],
      ['profile_image', new Blob([Buffer.from('GIF89a-not-allowed')], { type: 'image/gif' }), 'a.gif'],
    ]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'name', 'phone_number', 'profile_image']);
    const taken = await save(token, [
      ['username', 'EDITOR'],
      ['notification_settings[0][notification_type_id]', '999'],
    ]);
    const editorEmail = (
      await queryRows<{ email: string }>(t.database.system, sql`select email from accounts where username = 'editor'`)
    )[0]?.email as string;
    const takenEmail = await save(token, [['email', editorEmail.toUpperCase()]]);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.username).toEqual(['The username has already been taken.']);
    expect(taken.body.errors.notification_settings).toEqual(['Unknown notification type: 999.']);
    expect(takenEmail.body.errors).toEqual({
      email: ['The email has already been taken.'],
      current_password: [CURRENT_PASSWORD_FOR_EMAIL],
    });
    const big = new Uint8Array(MAX_PROFILE_IMAGE_BYTES + 1);
    big.set(PNG);
    const tooLarge = await save(token, [['profile_image', new Blob([big], { type: 'image/png' }), 'big.png']]);
    expect(tooLarge.body.errors).toEqual({ profile_image: [FILE_TOO_LARGE] });
    // Claimed PNG, but the bytes are not an image.
    const disguised = await save(token, [['profile_image', new Blob(['<svg/>'], { type: 'image/png' }), 'x.png']]);
    expect(disguised.body.errors).toEqual({ profile_image: [FILE_INVALID_TYPE] });
    const read = await t.request('/v2/my-account', { token });
    expect(read.body.data).toMatchObject({ name: 'Member mya-invalid', username: 'mya-invalid', profile_image: null });
    expect((await activity(token)).filter((action) => action !== 'Signed in')).toEqual([]);
  });

  it('changes the password under its rules, and ends every session with logout_all_devices', async () => {
    await createMember('mya-password');
    const token = await tokenOf('mya-password');
    const other = await tokenOf('mya-password');
    const wrong = await save(token, [
      ['current_password', 'not-it-at-all'],
      ['new_password', 'short'],
      ['new_password_confirmation', 'different'],
    ]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      current_password: [CURRENT_PASSWORD_WRONG],
      new_password: [NEW_PASSWORD_TOO_SHORT, NEW_PASSWORD_MISMATCH],
    });
    const missing = await save(token, [
      ['new_password', 'long-enough-pass'],
      ['new_password_confirmation', 'long-enough-pass'],
    ]);
    expect(missing.body.errors).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
    const same = await save(token, [
      ['current_password', PASSWORD],
      ['new_password', PASSWORD],
      ['new_password_confirmation', PASSWORD],
    ]);
    expect(same.body.errors).toEqual({ new_password: [NEW_PASSWORD_SAME] });

    const changed = await save(token, [
      ['current_password', PASSWORD],
      ['new_password', 'second-password-1'],
      ['new_password_confirmation', 'second-password-1'],
      ['logout_all_devices', '0'],
    ]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.metadata).toBe('success');
    // Without a new password the flag ends nothing.
    expect((await save(token, [['logout_all_devices', '1']])).body.metadata).toBe('success');
    expect((await signIn('mya-password')).status).toBe(401);
    expect((await t.request('/v2/my-account', { token: other })).status).toBe(200);

    const third = await tokenOf('mya-password', 'second-password-1');
    const out = await save(token, [
      ['current_password', 'second-password-1'],
      ['new_password', 'third-password-1'],
      ['new_password_confirmation', 'third-password-1'],
      ['logout_all_devices', '1'],
    ]);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ message: 'Update successful', metadata: 'success_and_logged_out_all_devices' });
    for (const ended of [token, other, third]) {
      expect((await t.request('/v2/my-account', { token: ended })).status).toBe(401);
    }
    const fresh = await signIn('mya-password', 'third-password-1');
    expect(fresh.status).toBe(200);
    expect(await activity(fresh.body.access_token)).toContain('Updated their account');
  });

  it('changes the e-mail only with the current password and once the new address follows its link; the old address is told', async () => {
    await createMember('mya-email');
    const token = await tokenOf('mya-email');
    const oldEmail = 'mya-email@example.test';
    const newEmail = 'Mya.New@Example.test';
    expect((await save(token, [['email', newEmail]])).body.errors).toEqual({
      current_password: [CURRENT_PASSWORD_FOR_EMAIL],
    });
    expect(
      (
        await save(token, [
          ['email', newEmail],
          ['current_password', 'not-it'],
        ])
      ).body.errors,
    ).toEqual({
      current_password: [CURRENT_PASSWORD_WRONG],
    });
    // The whole form sent again with the address unchanged needs no password.
    expect(
      (
        await save(token, [
          ['email', oldEmail],
          ['name', 'Mya Email'],
        ])
      ).status,
    ).toBe(200);

    const before = smtp.inbox.length;
    const asked = await save(token, [
      ['email', newEmail],
      ['current_password', PASSWORD],
    ]);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.email).toBe(oldEmail);
    expect(asked.body.pending_email).toBe(newEmail);
    const mail = await waitFor(() => smtp.inbox.slice(before).find((m) => sentTo(m, newEmail)));
    expect(mail.raw).toMatch(/^Subject: Acme Kitchens: confirm your new e-mail address/m);
    const link = verifyLinkIn(mail);
    expect(link.url.startsWith(`http://${t.host('acme')}/verify-email?token=`)).toBe(true);

    // Until the link is followed the old address is the account's: sign-in and password resets.
    expect((await signIn(newEmail)).status).toBe(401);
    expect((await signIn(oldEmail)).status).toBe(200);
    const forgotten = smtp.inbox.length;
    await t.request('/v2/password/forgot', { json: { email: newEmail } });
    await t.request('/v2/password/forgot', { json: { email: oldEmail } });
    const reset = await waitFor(() => smtp.inbox.slice(forgotten).find((m) => /reset your password/.test(m.raw)));
    expect(sentTo(reset, oldEmail)).toBe(true);
    expect(smtp.inbox.slice(forgotten).filter((m) => sentTo(m, newEmail))).toEqual([]);

    const verify = (body: object, options = {}) => t.request('/v2/my-account/email/verify', { json: body, ...options });
    expect((await verify({ token: 'not-the-token' })).body.errors).toEqual({ token: [EMAIL_TOKEN_INVALID] });
    expect((await verify({ token: link.token }, { origin: 'https://evil.example' })).status).toBe(403);
    const told = smtp.inbox.length;
    const done = await verify({ token: link.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(EMAIL_CHANGED);
    const notice = await waitFor(() => smtp.inbox.slice(told).find((m) => sentTo(m, oldEmail)));
    expect(notice.raw).toMatch(/^Subject: Acme Kitchens: the e-mail address of your account changed/m);
    expect(decodeQp(notice.raw)).toContain('Mya.New@Example.test');
    expect((await verify({ token: link.token })).status).toBe(422);
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(oldEmail)).status).toBe(401);
    const read = await t.request('/v2/my-account', { token });
    expect(read.body.data).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('counts guesses of current_password with the sign-in limiter: 429 with Retry-After, then for sign-in too', async () => {
    await t.database.system.execute(sql`delete from login_failures`);
    await createMember('mya-guess');
    const token = await tokenOf('mya-guess');
    const guess = (password: string) =>
      save(token, [
        ['current_password', password],
        ['new_password', 'guessed-new-pass'],
        ['new_password_confirmation', 'guessed-new-pass'],
      ]);
    for (let i = 0; i < 5; i++)
      expect((await guess(`wrong-${i}`)).body.errors.current_password).toEqual([CURRENT_PASSWORD_WRONG]);
    const limited = await guess(PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const email = await save(token, [
      ['email', 'guess-other@example.test'],
      ['current_password', PASSWORD],
    ]);
    expect(email.status).toBe(429);
    expect((await signIn('mya-guess')).status).toBe(429);
    await t.database.system.execute(sql`delete from login_failures`);
    expect((await guess(PASSWORD)).status).toBe(200);
  });
});
