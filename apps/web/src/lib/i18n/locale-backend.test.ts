import http from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeBackend, localePath, worthRetrying } from './locale-backend.ts';

// A real server answering /locales/… as the Meshport server would, and as it fails: the backend reads it with
// fetch, and i18next itself retries what the backend calls worth retrying.
let server: http.Server;
let origin = '';
const hits = new Map<string, number>();
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? '';
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    if (path === '/locales/en/common.json') response.end(JSON.stringify({ hello: 'Hello' }));
    else if (path === '/locales/en/flaky.json' && hit < 3) response.writeHead(503).end();
    else if (path === '/locales/en/flaky.json') response.end(JSON.stringify({ back: 'Back again' }));
    else if (path === '/locales/en/broken.json') response.end('{ not json');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An i18next of its own, reading from the test server (fetch needs an absolute URL in Node). */
async function instance() {
  const i18n = i18next.createInstance();
  await i18n
    .use(localeBackend((path) => fetch(`${origin}${path}`)))
    .init({ lng: 'en', ns: ['common'], maxRetries: 5, retryTimeout: 10, showSupportNotice: false });
  return i18n;
}

describe('locale backend', () => {
  it('reads /locales/{lng}/{ns}.json, each part encoded', () => {
    expect(localePath('en', 'common')).toBe('/locales/en/common.json');
    expect(localePath('../x', 'a/b')).toBe('/locales/..%2Fx/a%2Fb.json');
  });

  it('retries what the server may answer next time, not what it refused', () => {
    expect([null, 500, 503, 429].map(worthRetrying)).toEqual([true, true, true, true]);
    expect([400, 403, 404].map(worthRetrying)).toEqual([false, false, false]);
  });

  it('loads a namespace, gets one that failed twice with 503 on the third try, and gives up on a 404', async () => {
    const i18n = await instance();
    expect(i18n.t('hello')).toBe('Hello');
    await i18n.loadNamespaces(['flaky', 'missing', 'broken']);
    expect(i18n.t('back', { ns: 'flaky' })).toBe('Back again');
    expect(hits.get('/locales/en/flaky.json')).toBe(3);
    expect(hits.get('/locales/en/missing.json')).toBe(1);
    expect(hits.get('/locales/en/broken.json')).toBe(1);
  });
});
