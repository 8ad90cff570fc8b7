import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

// The tests send `Host: hatch-acme.meshport.test` (port 80): the page that sends it has this origin.
const ORIGIN = 'http://hatch-acme.meshport.test';

describeEachDatabase('sign-in and sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { perAccount: 3, perAddress: 1000, windowMinutes: 15 } });
  });
  afterAll(() => t.close());

  it('signs in by e-mail (any case), sets an HttpOnly session cookie and keeps the token out of the body', async () => {
    const res = await t.request('/v2/login', {
      json: { identity: 'EDITOR@meshport.example', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeUndefined();
    expect(res.body.user).toMatchObject({ username: 'editor', admin: false, licences: ['design_and_sales', 'hatch'] });
    expect(res.body.user.abilities).toContain('view-projects');
    expect(res.body.idle_timeout_minutes).toBe(30);
    const cookie = res.cookies.user_session;
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toMatch(/HttpOnly/);
    expect(cookie?.attributes).toMatch(/Domain=meshport\.test/);
    expect(cookie?.attributes).toMatch(/SameSite=Lax/);
    expect(cookie?.attributes).not.toMatch(/Max-Age/);
    expect(res.cookies.remember_session?.value).toBe('');
  });

  it('with remember-me sets both cookies for 365 days and no idle timeout', async () => {
    const res = await t.request('/v2/login', { json: { identity: 'viewer', password: DEMO_PASSWORD, remember: true } });
    expect(res.status).toBe(200);
    expect(res.cookies.user_session?.attributes).toMatch(/Max-Age=31536000/);
    expect(res.cookies.remember_session).toMatchObject({ value: '1' });
    expect(res.cookies.remember_session?.attributes).not.toMatch(/HttpOnly/);
    expect(res.body.idle_timeout_minutes).toBeNull();
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
  });

  it('gives the token in the body only to a client that asks for it, and accepts it as a bearer token', async () => {
    const token = await t.login('editor');
    const validated = await t.request('/v2/auth/validate', { token });
    expect(validated.status).toBe(200);
    expect(validated.body.access_token).toBe(token);
    expect(validated.body.user.company_id).toBe(1);
  });

  it('validates a cookie session, rewrites the cookie and never returns the token to the browser', async () => {
    const login = await t.request('/v2/login', { json: { identity: 'editor', password: DEMO_PASSWORD } });
    const cookie = `user_session=${login.cookies.user_session?.value}`;
    const res = await t.request('/v2/auth/validate', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeUndefined();
    expect(res.cookies.user_session?.value).toBe(login.cookies.user_session?.value);
  });

  it('answers 401 for a wrong password, an unknown account and a missing session', async () => {
    const wrong = await t.request('/v2/login', { json: { identity: 'admin', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid Username or Password' });
    const unknown = await t.request('/v2/login', { json: { identity: 'nobody', password: DEMO_PASSWORD } });
    expect(unknown.status).toBe(401);
    expect((await t.request('/v2/auth/validate')).status).toBe(401);
    expect((await t.request('/v2/auth/validate', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('answers 422 with a message per missing field', async () => {
    const res = await t.request('/v2/login', { json: { identity: '', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.identity).toEqual(['The username or e-mail field is required.']);
    expect(res.body.errors.password).toEqual(['The password field is required.']);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at .*\.ts/);
  });

  it('refuses an account on a company it is not a member of', async () => {
    const res = await t.request('/v2/login', {
      host: t.host('globex'),
      json: { identity: 'editor', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Globex Interiors/);
  });

  it('rate-limits failed sign-ins per account with 429 and a clear message', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.request('/v2/login', { json: { identity: 'nolicence', password: 'wrong' } })).status).toBe(401);
    }
    const limited = await t.request('/v2/login', { json: { identity: 'nolicence', password: DEMO_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // other accounts from the same address still sign in
    expect((await t.request('/v2/login', { json: { identity: 'viewer', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('logout revokes only this session; logout-all revokes every token of the account', async () => {
    const a = await t.login('globex-editor', t.host('globex'));
    const b = await t.login('globex-editor', t.host('globex'));
    const c = await t.login('globex-editor', t.host('globex'));
    const globex = t.host('globex');
    const out = await t.request('/v2/logout', { host: globex, token: a });
    expect(out.status).toBe(200);
    expect(out.cookies.user_session?.attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await t.request('/v2/auth/validate', { host: globex, token: a })).status).toBe(401);
    expect((await t.request('/v2/auth/validate', { host: globex, token: b })).status).toBe(200);
    const all = await t.request('/v2/logout-all', { host: globex, token: b });
    expect(all.status).toBe(200);
    expect(all.body.revoked).toBe(2);
    expect((await t.request('/v2/auth/validate', { host: globex, token: b })).status).toBe(401);
    expect((await t.request('/v2/auth/validate', { host: globex, token: c })).status).toBe(401);
  });

  it('refuses cookie-authenticated writes from another origin, and accepts the tenant own origin', async () => {
    const login = await t.request('/v2/login', { json: { identity: 'editor', password: DEMO_PASSWORD } });
    const cookie = `user_session=${login.cookies.user_session?.value}`;
    const body = { identity: 'editor', password: DEMO_PASSWORD };
    const none = await t.request('/v2/login', { cookie, json: body });
    expect(none.status).toBe(403);
    const evil = await t.request('/v2/login', { cookie, json: body, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const otherTenant = await t.request('/v2/login', { cookie, json: body, origin: 'http://globex.meshport.test' });
    expect(otherTenant.status).toBe(403);
    for (const sameHostOtherwise of [`${ORIGIN}:8080`, 'https://hatch-acme.meshport.test', `${ORIGIN}:81`]) {
      const refused = await t.request('/v2/login', { cookie, json: body, origin: sameHostOtherwise });
      expect(refused.status, sameHostOtherwise).toBe(403);
    }
    const otherPlatform = await t.request('/v2/login', {
      cookie,
      json: body,
      origin: 'http://customerportal-acme.meshport.test:80',
    });
    expect(otherPlatform.status).toBe(200);
    const own = await t.request('/v2/login', { cookie, json: body, origin: ORIGIN });
    expect(own.status).toBe(200);
  });

  it('refuses a cross-site sign-in or password reset without a session (login CSRF); own pages and clients without browser headers go on', async () => {
    const body = { identity: 'editor', password: DEMO_PASSWORD };
    const crossSite = [
      { origin: 'https://evil.example', headers: { 'sec-fetch-site': 'cross-site' } },
      { origin: 'null' },
      { origin: 'http://globex.meshport.test' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
      { headers: { 'sec-fetch-site': 'same-site' } },
    ];
    for (const from of crossSite) {
      const refused = await t.request('/v2/login', { json: body, ...from });
      expect(refused.status, JSON.stringify(from)).toBe(403);
      expect(refused.cookies.user_session, JSON.stringify(from)).toBeUndefined();
      const reset = await t.request('/v2/password/reset', {
        json: { token: 'x'.repeat(43), password: 'new-password-1', password_confirmation: 'new-password-1' },
        ...from,
      });
      expect(reset.status, JSON.stringify(from)).toBe(403);
      const forgot = await t.request('/v2/password/forgot', { json: { email: 'editor@meshport.example' }, ...from });
      expect(forgot.status, JSON.stringify(from)).toBe(403);
    }
    const ownPage = await t.request('/v2/login', {
      json: body,
      origin: ORIGIN,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(ownPage.status).toBe(200);
    expect(ownPage.cookies.user_session?.value).toBeTruthy();
    const otherPlatform = await t.request('/v2/login', {
      json: body,
      origin: 'http://customerportal-acme.meshport.test',
      headers: { 'sec-fetch-site': 'same-site' },
    });
    expect(otherPlatform.status).toBe(200);
    const typed = await t.request('/v2/login', { json: body, headers: { 'sec-fetch-site': 'none' } });
    expect(typed.status).toBe(200);
    const app = await t.request('/v2/login', { json: { ...body, issue_token: true } });
    expect(app.status).toBe(200);
    expect(app.body.access_token).toBeTruthy();
  });
});

describeEachDatabase('idle timeout', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('ends a session after 30 idle minutes on the server, but not a remembered one', async () => {
    const idle = await t.login('editor');
    const remembered = await t.request('/v2/login', {
      json: { identity: 'viewer', password: DEMO_PASSWORD, remember: true, issue_token: true },
    });
    expect((await t.request('/v2/auth/validate', { token: idle })).status).toBe(200);
    await t.database.system.execute(sql`update sessions set last_seen_at = now() - interval '29 minutes'`);
    expect((await t.request('/v2/auth/validate', { token: idle })).status).toBe(200);
    await t.database.system.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    expect((await t.request('/v2/auth/validate', { token: idle })).status).toBe(401);
    expect((await t.request('/v2/auth/validate', { token: remembered.body.access_token })).status).toBe(200);
  });
});
