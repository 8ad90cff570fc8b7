import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('pglite', { env: { UPLOAD_MAX_BYTES: '1048576' } });
});
afterAll(() => t.close());

it('tells the web app, before sign-in, the largest upload it takes', async () => {
  const res = await t.request('/v2/config');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ base_domain: expect.any(String), upload_max_bytes: 1_048_576 });
});
