import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRoutes } from '#app/build-app.ts';
import { queryRows } from '#core/db/database.ts';
import { API_PREFIX } from '#core/http/register-routes.ts';
import type { RouteDefinition } from '#core/http/route.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './test-app.ts';

const SAMPLE_PARAMS: Record<string, string> = { id: '1', name: 'oak', subdomain: 'acme' };

/** The route's path under /v2 with sample values for its parameters. */
function samplePath(definition: RouteDefinition): string {
  return `${API_PREFIX}${definition.endpoint.path.replace(/:(\w+)/g, (_: string, name: string) => SAMPLE_PARAMS[name] ?? 'x')}`;
}

const encodeChar = (c: string, lower = false) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lower ? hex : hex.toUpperCase()}`;
};

/**
 * Other spellings of the same path: percent-encoded in several ways, other letter cases, doubled
 * slashes, dot segments, and the absolute form of the request target.
 */
function spellings(path: string, host: string): string[] {
  const [, , ...rest] = path.split('/');
  const tail = rest.join('/');
  return [
    `/%762/${tail}`,
    `/%56%32/${tail}`,
    `/v%32/${tail}`,
    `/v2/${tail.replace(/[a-z]/, (c) => encodeChar(c, true))}`,
    path.replace(/[a-z0-9]/g, (c) => encodeChar(c)),
    `/%2576%32/${tail}`,
    path.toUpperCase(),
    `/V2/${tail}`,
    `/v2//${tail}`,
    `//v2/${tail}`,
    `${path}//`,
    path.replaceAll('/', '//'),
    `/v2/./${tail}`,
    `/v2/x/../${tail}`,
    `/./v2/${tail}`,
    `/v2/%2e/${tail}`,
    `/v2/x/%2E%2E/${tail}`,
    `/v2%2F${tail.replaceAll('/', '%2F')}`,
    `/v2/${tail};x=1`,
    `http://${host}${path}`,
    `http://${host}/%762/${tail}`,
    `https://evil.example${path}`,
  ];
}

describeEachDatabase('the API gate', (kind) => {
  let t: TestApp;
  let routes: RouteDefinition[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    routes = apiRoutes(t.services);
  });
  afterAll(() => t.close());

  it('answers the two requests of the attack report with 401, not with data', async () => {
    const users = await t.request('/%762/admin/users', { asIs: true, host: '127.0.0.1' });
    expect(users.status).toBe(401);
    const sent = await t.request('/%762/admin/notifications', {
      asIs: true,
      host: '127.0.0.1',
      json: { company_id: 1, user_id: 2, title: 't', text: 'x' },
    });
    expect(sent.status).toBe(401);
    const [notices] = await queryRows<{ n: number }>(
      t.database.system,
      sql`select count(*)::int as n from notifications where title = 't'`,
    );
    expect(notices?.n).toBe(0);
  });

  it('gives no data for any spelling of any route without credentials, but to the routes declared public', async () => {
    const host = t.host('acme');
    const leaks: string[] = [];
    let sent = 0;
    for (const definition of routes) {
      if (definition.access === 'public') continue;
      const path = samplePath(definition);
      const canonical = await t.request(path, {
        method: definition.endpoint.method,
        asIs: true,
        json: definition.endpoint.method === 'GET' ? undefined : {},
      });
      expect(canonical.status, `${definition.endpoint.method} ${path}`).toBe(401);
      for (const target of spellings(path, host)) {
        const res = await t.request(target, {
          method: definition.endpoint.method,
          asIs: true,
          ...(definition.endpoint.method === 'GET' ? {} : { json: {} }),
        });
        sent++;
        if (res.status < 400 || res.status >= 500)
          leaks.push(`${definition.endpoint.method} ${target} → ${res.status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
  });

  it('refuses request targets that are not a path with 400', async () => {
    for (const target of [`http://${t.host('acme')}/v2/config`, '//v2/config', '*']) {
      const res = await t.request(target, { asIs: true, method: target === '*' ? 'OPTIONS' : 'GET' });
      expect(res.status, target).toBe(400);
      expect(res.body.message).toMatch(/origin-form/);
    }
    expect((await t.request('/v2/config', { asIs: true })).status).toBe(200);
  });

  it('checks the session before it reads the body or the query', async () => {
    const invalidBody = await t.request('/v2/admin/notifications', { json: { user_id: 'not a number' } });
    expect(invalidBody.status).toBe(401);
    const brokenJson = await t.request('/v2/admin/notifications', {
      method: 'POST',
      body: '{"user_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(brokenJson.status).toBe(401);
    const badQuery = await t.request('/v2/roles?per_page=abc&filter[nope]=1');
    expect(badQuery.status).toBe(401);
    const wrongType = await t.request('/v2/my-account/notification-settings', {
      method: 'PATCH',
      body: 'x',
      headers: { 'content-type': 'application/x-unknown' },
    });
    expect(wrongType.status).toBe(401);
    // and with a session, the same requests reach validation
    const token = await t.login('admin');
    const validated = await t.request('/v2/admin/notifications', { token, json: { user_id: 'not a number' } });
    expect(validated.status).toBe(422);
    expect((await t.request('/v2/roles?per_page=abc', { token })).status).toBe(422);
  });

  it('decides maintenance from the route: sign-in and settings stay open, the rest answers 503', async () => {
    await t.database.system.insert(plannedMaintenance).values({
      name: 'Upgrade',
      startDatetime: new Date(Date.now() - 60_000),
      endDatetime: new Date(Date.now() + 3_600_000),
    });
    t.services.maintenance.invalidate();
    try {
      const editor = await t.request('/v2/login', { json: { identity: 'editor', password: 'meshport-demo-2026' } });
      expect(editor.status).toBe(503);
      expect((await t.request('/v2/config')).status).toBe(200);
      expect((await t.request('/%762/config', { asIs: true })).status).toBe(200);
      expect((await t.request('/%762/roles', { asIs: true })).status).toBe(503);
    } finally {
      await t.database.system.delete(plannedMaintenance).where(eq(plannedMaintenance.name, 'Upgrade'));
      t.services.maintenance.invalidate();
    }
  });
});
