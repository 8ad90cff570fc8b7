import fs from 'node:fs';
import net from 'node:net';
import { httpRequest } from '@meshport/contract/node-http';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeepAliveLoad } from './keep-alive-load.ts';
import { psql, type ServerProcess, serverEnv, serverReady, startServerProcess, tempDir } from './server-process.ts';

const HOST = 'hatch-acme.meshport.test';
const LOAD_BEFORE_SIGNAL_MS = 1_500;
const SERVED_BEFORE_SIGNAL = 100;
const EXIT_BOUND_MS = 15_000;

/** A kept-alive connection that sends one request and then stays idle; resolves when the server closes it. */
async function idleConnection(base: string): Promise<{ closed: Promise<number> }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nConnection: keep-alive\r\n\r\n`);
  await new Promise((resolve) => socket.once('data', resolve));
  socket.resume();
  socket.on('error', () => {});
  return { closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now()))) };
}

/**
 * Loads the server from kept-alive connections (some sending back to back, some with pauses,
 * one idle), sends SIGTERM mid-load, counts, and checks that the process exits 0 in time.
 */
async function shutDownUnderLoad(server: ServerProcess, base: string, label: string): Promise<number> {
  const load = new KeepAliveLoad({
    base,
    host: HOST,
    paths: ['/healthz', '/v2/config'],
    // back to back, short pauses, and pauses long enough to send during the idle grace period
    lanePausesMs: [0, 0, 0, 20, 20, 20, 1_500, 1_500],
    answerTimeoutMs: 20_000,
  });
  const idle = await idleConnection(base);
  load.start();
  // Mid-load: at least 1.5 s in and over 100 answers served, however busy the machine is.
  const loadStarted = Date.now();
  while (Date.now() - loadStarted < LOAD_BEFORE_SIGNAL_MS || load.served <= SERVED_BEFORE_SIGNAL) {
    if (Date.now() - loadStarted > EXIT_BOUND_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const servedBeforeSignal = load.served;
  const signalledAt = Date.now();
  load.signalSent();
  server.child.kill('SIGTERM');
  const counts = await load.finished(EXIT_BOUND_MS);
  const code = await Promise.race([
    server.exited,
    new Promise<'timeout'>((r) => setTimeout(r, EXIT_BOUND_MS, 'timeout')),
  ]);
  const exitMs = Date.now() - signalledAt;
  const idleClosedMs = (await idle.closed) - signalledAt;
  console.log(
    `${label}: served ${counts.served} (${servedBeforeSignal} before SIGTERM, ${counts.servedAfterSignal} sent after it), ` +
      `failed ${counts.failures.length}, lanes closed by the server ${counts.closedByServer}, ` +
      `lanes refused a new connection ${counts.refusedAfterSignal}; idle connection closed after ${idleClosedMs} ms; ` +
      `exit code ${code} after ${exitMs} ms`,
  );
  if (counts.failures.length > 0) console.log(counts.failures.join('\n'));
  expect(counts.failures).toEqual([]);
  expect(servedBeforeSignal).toBeGreaterThan(SERVED_BEFORE_SIGNAL);
  expect(code).toBe(0);
  expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
  // not at once: a request could be on its way on it
  expect(idleClosedMs).toBeGreaterThan(1_000);
  return signalledAt;
}

describe('SIGTERM under load drains without a failed request', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let base: string;

  beforeAll(async () => {
    dataDir = tempDir('meshport-drain-');
    const started = await serverEnv(dataDir);
    base = started.base;
    server = startServerProcess('serve', started.env);
    await serverReady(server);
  });
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('in a single process on the embedded database, closing Socket.IO too', async () => {
    const login = await httpRequest<{ access_token: string }>(base, '/v2/login', {
      host: 'acme.meshport.test',
      json: { identity: 'editor', password: 'meshport-demo-2026', issue_token: true },
    });
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { host: 'acme.meshport.test' },
      auth: { token: login.body.access_token },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
      const signalledAt = await shutDownUnderLoad(server as ServerProcess, base, 'single process');
      expect((await disconnected) - signalledAt).toBeLessThan(EXIT_BOUND_MS);
    } finally {
      socket.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGTERM under load drains each worker process', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `meshport_drain_${process.pid}`;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let base: string;

  beforeAll(async () => {
    dataDir = tempDir('meshport-drain-workers-');
    await psql(adminUrl, `drop database if exists ${name} with (force)`);
    await psql(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const started = await serverEnv(dataDir);
    base = started.base;
    server = startServerProcess('serve', { ...started.env, DATABASE_URL: url.toString(), WORKERS: '2' });
    await serverReady(server);
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      // the workers stop when the primary is gone (disconnect)
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await psql(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('with WORKERS=2 on the PostgreSQL server', async () => {
    await shutDownUnderLoad(server as ServerProcess, base, 'two workers');
  });
});
