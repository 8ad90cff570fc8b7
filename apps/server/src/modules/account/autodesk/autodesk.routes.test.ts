import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AUTODESK_ERROR_PARAM } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import {
  AutodeskService,
  MEMBERS_ONLY,
  NOT_CONFIGURED,
  REDIRECT_NOT_OURS,
  TURNED_OFF,
  UNKNOWN_STATE,
} from './autodesk.service.ts';

const SCOPES = 'data:read viewables:read';
const SETTINGS = '/user/profile?tab=settings';

/**
 * A real OAuth 2 server on a free port. Like a real provider it grants the scope asked for at
 * /authorize (the mock alone answers 'dummy'); `grantScope` narrows the next grant.
 */
async function startProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const asked = new Map<string, string>();
  const revoked: string[] = [];
  const refreshes = { count: 0 };
  let nextScope: string | null = null;
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://provider').searchParams;
    asked.set(redirect.url.searchParams.get('code') ?? '', query.get('scope') ?? '');
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body: Record<string, string> }) => {
      if (req.body.grant_type === 'refresh_token') refreshes.count++;
      if (req.body.grant_type === 'authorization_code' && typeof response.body === 'object') {
        response.body.scope = nextScope ?? asked.get(req.body.code ?? '') ?? '';
        nextScope = null;
      }
    },
  );
  server.service.on('beforeRevoke', (_response: unknown, req: { body?: { token?: string } }) => {
    revoked.push(req.body?.token ?? '');
  });
  const url = server.issuer.url as string;
  return {
    url,
    server,
    revoked,
    refreshes,
    grantScope: (scope: string) => {
      nextScope = scope;
    },
    close: () => server.stop(),
  };
}

describeEachDatabase('Autodesk OAuth 2 with PKCE', (kind) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    provider = await startProvider();
    t = await startTestApp(kind, {
      env: {
        AUTODESK_CLIENT_ID: 'meshport-test',
        AUTODESK_CLIENT_SECRET: 'meshport-secret',
        AUTODESK_AUTHORIZE_URL: `${provider.url}/authorize`,
        AUTODESK_TOKEN_URL: `${provider.url}/token`,
        AUTODESK_REVOKE_URL: `${provider.url}/revoke`,
        AUTODESK_SCOPES: SCOPES,
        AUTODESK_TOKEN_KEY: randomBytes(32).toString('base64'),
      },
    });
    for (const name of ['editor', 'viewer', 'admin']) tokens[name] = await t.login(name);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const acme = () => t.host('acme');
  /** The viewer holds design_and_sales only: the company's host without a platform. */
  const hostOf = (who: string | null) => (who === 'viewer' ? t.host('acme', null) : acme());
  const login = (who: string, redirectUrl: unknown = SETTINGS, host = hostOf(who)) =>
    t.request('/v2/autodesk/oauth/login', {
      method: 'POST',
      host,
      token: tokens[who],
      json: { redirect_url: redirectUrl },
    });
  /** The provider's redirect back, as the browser would follow it. */
  const authorize = async (address: string) => {
    const answer = await fetch(address, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location') ?? '');
  };
  const callback = (url: URL, who: string | null, host = hostOf(who)) =>
    t.request(`${url.pathname}${url.search}`, { host, token: who ? tokens[who] : undefined });
  const connect = async (who: string, host = hostOf(who)) => {
    const started = await login(who, SETTINGS, host);
    expect(started.status, started.text).toBe(200);
    const back = await callback(await authorize(started.body.redirect_url), who, host);
    expect(back.status, back.text).toBe(303);
    return back;
  };
  const flags = async (who: string, host = hostOf(who)) => {
    const res = await t.request('/v2/my-account?included_fields=autodesk_connected,autodesk_scope_outdated', {
      host,
      token: tokens[who],
    });
    return res.body.data as { autodesk_connected: boolean; autodesk_scope_outdated: boolean };
  };
  const grants = () =>
    queryRows<{
      account_id: number;
      access_token: string;
      refresh_token: string | null;
      scope: string;
      expires_at: Date;
    }>(t.database.system, sql`select * from autodesk_grants order by account_id`);
  const service = () => new AutodeskService(t.database, t.services.config.autodesk, pino({ level: 'silent' }));
  const member = async (username: string, company = 'acme') =>
    (
      await queryRows<{ companyId: number; accountId: number }>(
        t.database.system,
        sql`select m.company_id as "companyId", m.account_id as "accountId" from memberships m join accounts a on a.id = m.account_id join companies c on c.id = m.company_id where a.username = ${username} and c.sub_domain = ${company}`,
      )
    )[0] as { companyId: number; accountId: number };

  it('connects through the provider with state and PKCE S256, stores the tokens encrypted and reads as connected', async () => {
    expect(await flags('editor')).toEqual({ autodesk_connected: false, autodesk_scope_outdated: false });
    const started = await login('editor');
    expect(started.status, started.text).toBe(200);
    const address = new URL(started.body.redirect_url);
    expect(`${address.origin}${address.pathname}`).toBe(`${provider.url}/authorize`);
    const asked = Object.fromEntries(address.searchParams);
    expect(asked).toMatchObject({
      response_type: 'code',
      client_id: 'meshport-test',
      scope: SCOPES,
      code_challenge_method: 'S256',
      redirect_uri: `http://${acme()}/v2/autodesk/oauth/callback`,
    });
    expect(asked.state).toMatch(/^[\w-]{43}$/);
    expect(asked.code_challenge).toMatch(/^[\w-]{43}$/);
    // the verifier stays on the server, sealed: neither it nor the state is stored in clear
    const [pending] = await queryRows<{ state_hash: string; code_verifier: string }>(
      t.database.system,
      sql`select state_hash, code_verifier from autodesk_oauth_states`,
    );
    expect(pending?.state_hash).not.toBe(asked.state);
    expect(pending?.code_verifier).toMatch(/^v1\./);

    const back = await callback(await authorize(started.body.redirect_url), 'editor');
    expect(back.headers.location).toBe(`http://${acme()}${SETTINGS}`);
    expect(await flags('editor')).toEqual({ autodesk_connected: true, autodesk_scope_outdated: false });
    const [grant] = await grants();
    expect(grant?.scope).toBe(SCOPES);
    expect(grant?.access_token).toMatch(/^v1\./);
    expect(grant?.access_token).not.toMatch(/eyJ/); // no JWT in clear
    const token = await service().accessToken(await member('editor'));
    expect(token?.split('.')).toHaveLength(3);
    expect(grant?.access_token).not.toContain(token as string);
    expect(grant?.refresh_token).toMatch(/^v1\./);

    // the state was spent: the same redirect again is refused, and a browser lands on the settings tab
    const again = await callback(await authorize(started.body.redirect_url), 'editor');
    expect([again.status, again.body.message]).toEqual([400, UNKNOWN_STATE]);
    const replay = await t.request(`/v2/autodesk/oauth/callback?state=${asked.state}&code=x`, { token: tokens.editor });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(UNKNOWN_STATE);
    const page = await t.request('/v2/autodesk/oauth/callback?code=x&state=forged', {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`${SETTINGS}&${AUTODESK_ERROR_PARAM}=state`);
  });

  it('keeps grants per member and company: others read as not connected', async () => {
    expect((await flags('viewer')).autodesk_connected).toBe(false);
    // admin connects in acme; in globex (integration 'no') the grant does not show and no connection starts
    await connect('admin');
    expect((await flags('admin')).autodesk_connected).toBe(true);
    expect((await flags('admin', t.host('globex'))).autodesk_connected).toBe(false);
    const refused = await login('admin', SETTINGS, t.host('globex'));
    expect([refused.status, refused.body.message]).toEqual([403, TURNED_OFF]);
    const list = await t.request('/v2/users?per_page=100', { token: tokens.editor });
    const connected = (list.body.data as { username: string; autodesk_connected: boolean }[])
      .filter((row) => row.autodesk_connected)
      .map((row) => row.username)
      .sort();
    expect(connected).toEqual(['admin', 'editor']);
    // the viewer cannot finish a connection the editor started
    const started = await login('editor');
    const stolen = await callback(await authorize(started.body.redirect_url), 'viewer');
    expect(stolen.headers.location).toMatch(new RegExp(`${AUTODESK_ERROR_PARAM}=session`));
    expect((await flags('viewer')).autodesk_connected).toBe(false);
    const signedOut = await callback(
      await authorize((await login('viewer')).body.redirect_url),
      null,
      hostOf('viewer'),
    );
    expect(signedOut.headers.location).toMatch(new RegExp(`${AUTODESK_ERROR_PARAM}=session`));
  });

  it('marks a grant lacking a configured scope as outdated, and reports denial and provider errors on the page', async () => {
    provider.grantScope('data:read');
    await connect('viewer');
    expect(await flags('viewer')).toEqual({ autodesk_connected: true, autodesk_scope_outdated: true });

    const denied = new URL((await login('viewer')).body.redirect_url);
    const deniedBack = await callback(
      new URL(`/v2/autodesk/oauth/callback?error=access_denied&state=${denied.searchParams.get('state')}`, 'http://x'),
      'viewer',
    );
    expect(deniedBack.headers.location).toBe(`http://${hostOf('viewer')}${SETTINGS}&${AUTODESK_ERROR_PARAM}=denied`);
    // a code the provider never issued: the exchange fails, nothing is stored, no 500
    const forged = new URL((await login('viewer')).body.redirect_url);
    const forgedBack = await callback(
      new URL(`/v2/autodesk/oauth/callback?code=made-up&state=${forged.searchParams.get('state')}`, 'http://x'),
      'viewer',
    );
    expect(forgedBack.headers.location).toMatch(new RegExp(`${AUTODESK_ERROR_PARAM}=provider`));
    // an expired state
    const late = new URL((await login('viewer')).body.redirect_url);
    await t.database.system.execute(sql`update autodesk_oauth_states set expires_at = now() - interval '1 second'`);
    const lateBack = await callback(await authorize(late.toString()), 'viewer');
    expect(lateBack.headers.location).toMatch(new RegExp(`${AUTODESK_ERROR_PARAM}=expired`));
    expect(await flags('viewer')).toEqual({ autodesk_connected: true, autodesk_scope_outdated: true });
  });

  it('refreshes an expired access token with the refresh token, shares parallel refreshes, forgets a refused grant', async () => {
    const editor = await member('editor');
    expect(await service().accessToken(editor)).toBeTruthy();
    const before = provider.refreshes.count;
    await t.database.system.execute(
      sql`update autodesk_grants set expires_at = now() - interval '1 minute' where account_id = ${editor.accountId}`,
    );
    const one = service();
    const [first, second] = await Promise.all([one.accessToken(editor), one.accessToken(editor)]);
    expect(first).toBe(second);
    expect(first?.split('.')).toHaveLength(3);
    expect(provider.refreshes.count - before).toBe(1);
    const [grant] = await queryRows<{ expires_at: Date }>(
      t.database.system,
      sql`select expires_at from autodesk_grants where account_id = ${editor.accountId}`,
    );
    expect(new Date(grant?.expires_at as Date).getTime()).toBeGreaterThan(Date.now());
    expect(await service().accessToken(editor)).toBe(first);
    expect(provider.refreshes.count - before).toBe(1);

    // the provider refuses the refresh token: the grant is forgotten, the account reads as not connected
    const viewer = await member('viewer');
    await t.database.system.execute(
      sql`update autodesk_grants set expires_at = now() where account_id = ${viewer.accountId}`,
    );
    provider.server.service.once('beforeResponse', (response: { body: unknown; statusCode: number }) => {
      response.body = { error: 'invalid_grant' };
      response.statusCode = 400;
    });
    expect(await service().accessToken(viewer)).toBeNull();
    expect((await flags('viewer')).autodesk_connected).toBe(false);
  });

  it('disconnects: revokes at the provider and forgets the grant; repeated, still 200', async () => {
    provider.revoked.length = 0;
    const res = await t.request('/v2/autodesk/oauth/logout', { method: 'POST', token: tokens.editor });
    expect(res.status, res.text).toBe(200);
    expect(provider.revoked).toHaveLength(2);
    expect((await flags('editor')).autodesk_connected).toBe(false);
    expect((await flags('admin')).autodesk_connected).toBe(true);
    expect((await t.request('/v2/autodesk/oauth/logout', { method: 'POST', token: tokens.editor })).status).toBe(200);
  });

  it('refuses the signed out (401), pages of other sites (422) and non-members (403)', async () => {
    expect(
      (await t.request('/v2/autodesk/oauth/login', { method: 'POST', json: { redirect_url: SETTINGS } })).status,
    ).toBe(401);
    expect((await t.request('/v2/autodesk/oauth/logout', { method: 'POST' })).status).toBe(401);
    for (const bad of [
      'https://evil.example/user/profile',
      '//evil.example/x',
      '/\\evil.example/x',
      `http://${t.host('globex')}/user/profile`,
      'javascript:alert(1)',
      'user/profile',
    ]) {
      const res = await login('editor', bad);
      expect([res.status, res.body.errors?.redirect_url], bad).toEqual([422, [REDIRECT_NOT_OURS]]);
    }
    for (const bad of [null, '', 5, 'x'.repeat(3000)]) {
      const res = await login('editor', bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors.redirect_url).toHaveLength(1);
    }
    const absolute = await login('editor', `http://${acme()}/user/profile?tab=settings`);
    expect(absolute.status).toBe(200);
    // a platform admin who is not a member of the company
    const globexAdmin = await member('admin', 'globex');
    await t.database.system.execute(
      sql`delete from memberships where company_id = ${globexAdmin.companyId} and account_id = ${globexAdmin.accountId}`,
    );
    const outsider = await t.request('/v2/autodesk/oauth/login', {
      method: 'POST',
      host: t.host('globex'),
      token: tokens.admin,
      json: { redirect_url: SETTINGS },
    });
    expect([outsider.status, outsider.body.message]).toEqual([403, MEMBERS_ONLY]);
  });

  it('answers 409 when no client is configured', async () => {
    const bare = new AutodeskService(
      t.database,
      { ...t.services.config.autodesk, clientId: null },
      pino({ level: 'silent' }),
    );
    await expect(
      bare.startLogin({ ...(await member('editor')), sessionId: 1, origin: `http://${acme()}`, redirectUrl: SETTINGS }),
    ).rejects.toMatchObject({ statusCode: 409, message: NOT_CONFIGURED });
  });
});
