import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#test/test-app.ts';

let t: TestApp;
let waiting: string | null = 'Warming up: opening database connections and reading the large lists.';

beforeAll(async () => {
  t = await startTestApp('pglite', { seed: false, notReady: () => waiting });
});
afterAll(() => t.close());

it('answers /readyz 503 with the reason while the server warms up, then 200; /healthz is 200 throughout', async () => {
  const cold = await t.request<{ message: string }>('/readyz');
  expect(cold.status).toBe(503);
  expect(cold.body.message).toBe(waiting);
  expect((await t.request('/healthz')).status).toBe(200);
  waiting = 'Waiting for the other server processes to warm up.';
  expect((await t.request<{ message: string }>('/readyz')).body.message).toBe(waiting);
  waiting = null;
  const warm = await t.request('/readyz');
  expect(warm.status).toBe(200);
  expect(warm.body).toEqual({ status: 'ready' });
  expect((await t.request('/healthz')).status).toBe(200);
});
