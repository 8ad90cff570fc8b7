import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describe('route declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('every route of the product declares its permission or is marked public', () => {
    expect(t.undeclaredRoutes).toEqual([]);
  });

  it('the check would catch a route that declares neither', async () => {
    const app = Fastify();
    const undeclared: string[] = [];
    app.addHook('onRoute', (route) => {
      if (route.config?.access === undefined) undeclared.push(`${String(route.method)} ${route.url}`);
    });
    app.get('/v2/forgotten', async () => ({}));
    app.get('/v2/declared', { config: { access: 'public' } }, async () => ({}));
    await app.ready();
    expect(undeclared).toEqual(['GET /v2/forgotten', 'HEAD /v2/forgotten']);
    await app.close();
  });
});

describeEachDatabase('access rules', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('401 without a session, 403 without the ability, 200 with it', async () => {
    expect((await t.request('/v2/roles')).status).toBe(401);
    const nolicence = await t.login('nolicence');
    const noLicence = await t.request('/v2/roles', { token: nolicence });
    expect(noLicence.status).toBe(403);
    expect(noLicence.body.message).toMatch(/licence/);
    const viewer = await t.login('viewer');
    // viewer holds design_and_sales only: the hatch host is closed, the customerportal host open
    expect((await t.request('/v2/projects', { token: viewer })).status).toBe(403);
    expect((await t.request('/v2/projects', { token: viewer, host: t.host('acme', 'customerportal') })).status).toBe(
      200,
    );
    expect((await t.request('/v2/projects', { token: viewer, host: t.host('acme', null) })).status).toBe(200);
    // ... and reads content only (decision 0045): no roles on any host.
    expect((await t.request('/v2/roles', { token: viewer, host: t.host('acme', 'customerportal') })).status).toBe(403);
  });

  it('admin-only routes refuse members and admit platform admins, who pass every check', async () => {
    const editor = await t.login('editor');
    const refused = await t.request('/v2/admin/companies', { token: editor });
    expect(refused.status).toBe(403);
    const admin = await t.login('admin');
    const allowed = await t.request('/v2/admin/companies', { token: admin });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.map((c: { sub_domain: string }) => c.sub_domain).sort()).toEqual(['acme', 'globex']);
  });

  it('a token reaches every company the account is a member of, with that membership rights', async () => {
    const admin = await t.login('admin');
    const acme = await t.request('/v2/auth/validate', { token: admin });
    const globex = await t.request('/v2/auth/validate', { token: admin, host: t.host('globex') });
    expect(acme.body.user.company_id).toBe(1);
    expect(globex.body.user.company_id).toBe(2);
  });
});
