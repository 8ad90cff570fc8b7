import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OperatorServer, startOperatorServer } from './operator-server.ts';

let server: OperatorServer;
const errors: string[] = [];

beforeAll(async () => {
  server = await startOperatorServer({
    host: '127.0.0.1',
    port: 0,
    metrics: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'up 1\n' }),
    routes: {
      '/given': (_request, response) => void response.end('given'),
      '/fails': () => {
        throw new Error('broken handler');
      },
    },
    log: { error: (_details, msg) => void errors.push(msg) },
  });
});
afterAll(() => server.close());

it('serves /metrics (GET and HEAD only), /healthz, the paths given and those added later; 404 elsewhere', async () => {
  const metrics = await fetch(`${server.url}/metrics?name[]=up`);
  expect([metrics.status, await metrics.text()]).toEqual([200, 'up 1\n']);
  expect(metrics.headers.get('cache-control')).toBe('no-store');
  const head = await fetch(`${server.url}/metrics`, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-length')]).toEqual([200, '5']);
  const post = await fetch(`${server.url}/metrics`, { method: 'POST' });
  expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
  expect(await (await fetch(`${server.url}/given`)).text()).toBe('given');
  expect((await fetch(`${server.url}/later`)).status).toBe(404);
  server.route('/later', (_request, response) => void response.end('added'));
  expect(await (await fetch(`${server.url}/later`)).text()).toBe('added');
  expect((await fetch(`${server.url}/`)).status).toBe(404);
});

it('answers 500 when a handler fails, and logs it', async () => {
  const failed = await fetch(`${server.url}/fails`);
  expect(failed.status).toBe(500);
  expect(errors).toContain('operator request failed');
});

it('refuses to start on a port in use, rather than serving nothing', async () => {
  await expect(
    startOperatorServer({
      host: '127.0.0.1',
      port: server.port,
      metrics: async () => ({ contentType: 'text/plain', body: '' }),
      log: { error: () => {} },
    }),
  ).rejects.toThrow(/EADDRINUSE/);
});
