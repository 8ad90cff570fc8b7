import { httpRequest } from '@meshport/contract/node-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#test/test-app.ts';

describe('a request that waits too long for the embedded database', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { DATABASE_QUEUE_TIMEOUT_MS: '400' } });
    token = await t.login('editor');
  });
  afterAll(() => t.close());

  it('answers 503 with {message} and Retry-After, and is served again once the database is free', async () => {
    // Straight to the server: `t.request` first syncs the change feed, which would queue too.
    const list = () =>
      httpRequest<{ message: string }>(t.url, '/v2/materials?per_page=5', {
        host: t.host('acme'),
        token,
        headers: { 'cache-control': 'no-cache' },
      });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = t.database.system.transaction(() => released);
    try {
      const busy = await list();
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.body).toEqual({ message: 'The database is busy. Please try again shortly.' });
    } finally {
      release();
    }
    await holding;
    expect((await list()).status).toBe(200);
  });
});
