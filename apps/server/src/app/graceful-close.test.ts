import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulClose } from './graceful-close.ts';

const BOUNDS = { idleGraceMs: 50, timeoutMs: 300, giveUpMs: 800 };

describe('the bounds of the graceful close', () => {
  let app: FastifyInstance;
  afterEach(() => {
    app.server.closeAllConnections();
    if (app.server.listening) app.server.close();
  });

  async function hangingRequest(): Promise<{ outcome: Promise<string> }> {
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (received = resolve));
    app.get('/hang', () => {
      received();
      return new Promise(() => {});
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const outcome = new Promise<string>((resolve) => {
      http
        .get({ port, host: '127.0.0.1', path: '/hang' }, () => resolve('answered'))
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    await arrived;
    return { outcome };
  }

  it('cuts a request that is still running at the end of the drain', async () => {
    app = Fastify({ return503OnClosing: false });
    const close = gracefulClose(app, BOUNDS);
    const { outcome } = await hangingRequest();
    const started = Date.now();
    expect(await close()).toBe('cut');
    expect(Date.now() - started).toBeLessThan(BOUNDS.giveUpMs);
    expect(await outcome).toBe('ECONNRESET');
  });

  it('gives up on a close that does not end', async () => {
    app = Fastify({ return503OnClosing: false });
    app.addHook('preClose', () => new Promise(() => {}));
    const close = gracefulClose(app, BOUNDS);
    await hangingRequest();
    const started = Date.now();
    expect(await close()).toBe('given-up');
    expect(Date.now() - started).toBeLessThan(BOUNDS.giveUpMs + 200);
  });
});
