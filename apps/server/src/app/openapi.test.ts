import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#test/test-app.ts';

describe('OpenAPI and operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('serves an OpenAPI document generated from the zod schemas, and a docs page', async () => {
    const res = await t.request('/v2/openapi.json', { host: 'meshport.test' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const login = res.body.paths['/v2/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['identity', 'password']);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v2/auth/validate', '/v2/companies/{subdomain}']),
    );
    const docs = await t.request('/v2/docs/', { host: 'meshport.test' });
    expect(docs.status).toBe(200);
    expect(docs.text).toMatch(/swagger/i);
  });

  it('answers health and readiness, with security headers and noindex', async () => {
    const res = await t.request('/healthz');
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect((await t.request('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('answers JSON 404 for unknown API paths and malformed bodies with 400, never a stack trace', async () => {
    const missing = await t.request('/v2/nothing-here', { host: 'meshport.test' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No route/);
    const malformed = await t.request('/v2/login', {
      host: 'meshport.test',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 422]).toContain(malformed.status);
  });
});
