import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from './http-client.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(command: string, env: Record<string, string>): Started {
  const child = spawn(TSX, ['src/main.ts', command], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, INIT_CWD: SERVER_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process as a user starts it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-serve-'));
  let env: Record<string, string>;
  let server: Started;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: 'meshport.test',
      WEB_DIST: path.join(dataDir, 'none'),
    };
    base = `http://127.0.0.1:${port}`;
    server = start('serve', env);
    await waitFor(() => server.output().includes('Meshport is ready'), 90_000);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the demo data on first start of an empty embedded database, and logs JSON', async () => {
    const res = await httpRequest<{ data: { name: string } }>(base, '/v2/companies/acme', {
      host: 'acme.meshport.test',
    });
    expect(res.body.data.name).toBe('Acme Kitchens');
    const lines = server.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('refuses a second process on the same data folder with a clear message', async () => {
    const second = start('serve', { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Meshport process \(pid \d+\)/);
  });

  it('finishes the request in flight on SIGTERM, then exits cleanly and frees the folder', async () => {
    const inFlight = httpRequest<{ user: { username: string } }>(base, '/v2/login', {
      host: 'acme.meshport.test',
      json: { identity: 'editor', password: 'meshport-demo-2026' },
    });
    // signal only once the server is handling it (the password check keeps it busy a while)
    const before = server.output().length;
    await waitFor(() => server.output().slice(before).includes('"url":"/v2/login"'), 10_000);
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('editor');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'meshport.lock'))).toBe(false);
    const migrate = start('migrate', env);
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toMatch(/migrations applied/);
  });

  it('refuses to start with a bad configuration, naming the setting', async () => {
    const bad = start('serve', { ...env, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration:\n {2}PORT/);
  });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('the server as worker processes on the PostgreSQL server', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `meshport_workers_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-workers-'));
  let server: Started;
  let base: string;
  const workerPids = () =>
    [...server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Server listening/g)].map((match) => Number(match[1]));

  beforeAll(async () => {
    await psql(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start('serve', {
      DATABASE_URL: url.toString(),
      WORKERS: '2',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: 'meshport.test',
      WEB_DIST: path.join(dataDir, 'none'),
    });
    await waitFor(() => server.output().includes('Meshport is ready'), 90_000);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await psql(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once, then serves from two workers sharing the port', async () => {
    expect(server.output()).toMatch(/"msg":"Meshport is ready".*"workers":2/);
    expect(new Set(workerPids()).size).toBe(2);
    for (let i = 0; i < 4; i++) expect((await httpRequest(base, '/healthz')).status).toBe(200);
  });

  it('starts another worker when one dies, and stops them all on SIGTERM', async () => {
    const [first] = workerPids();
    process.kill(first as number, 'SIGKILL');
    await waitFor(() => workerPids().length === 3, 30_000);
    expect(server.output()).toMatch(/a worker stopped; starting another/);
    expect((await httpRequest(base, '/healthz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await waitFor(() => workerPids().every((pid) => !alive(pid)), 10_000);
  });
});

async function psql(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}
