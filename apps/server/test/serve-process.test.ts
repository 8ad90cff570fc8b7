import fs from 'node:fs';
import path from 'node:path';
import { httpRequest } from '@meshport/contract/node-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  psql,
  type ServerProcess,
  serverEnv,
  serverReady,
  startServerProcess as start,
  tempDir,
  waitFor,
} from './server-process.ts';

describe('the server process as a user starts it', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    dataDir = tempDir('meshport-serve-');
    ({ env, base } = await serverEnv(dataDir));
    server = start('serve', env);
    await serverReady(server);
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
  let dataDir: string;
  let server: ServerProcess;
  let base: string;
  const workerPids = () =>
    [...server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Server listening/g)].map((match) => Number(match[1]));

  beforeAll(async () => {
    await psql(adminUrl, `create database ${name}`);
    dataDir = tempDir('meshport-workers-');
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const started = await serverEnv(dataDir);
    base = started.base;
    server = start('serve', {
      ...started.env,
      DATABASE_URL: url.toString(),
      WORKERS: '2',
      METRICS_PORT: String(await freePort()),
    });
    await serverReady(server);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await psql(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once, then serves from two workers sharing the port, and works jobs in one more process', async () => {
    expect(server.output()).toMatch(/"msg":"Meshport is ready".*"workers":2/);
    // Only the primary says the server is ready; the job process says it started.
    expect(server.output().match(/Meshport is ready/g)).toHaveLength(1);
    // Long waits: a forked process compiles the sources (tsx) first, slow on a loaded 2-core machine.
    await waitFor(() => /"msg":"background jobs started"/.test(server.output()), 100_000);
    expect(new Set(workerPids()).size).toBe(2);
    for (let i = 0; i < 4; i++) expect((await httpRequest(base, '/healthz')).status).toBe(200);
  }, 150_000);

  it('serves the metrics of all its processes, added together, on the primary’s operator port', async () => {
    const metricsUrl = /"metrics":"([^"]+)"/.exec(server.output())?.[1] as string;
    const scrape = async () => (await fetch(metricsUrl)).text();
    const healthz = (text: string) =>
      Number(
        /^meshport_http_requests_total\{route="\/healthz",method="GET",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0,
      );
    const before = await scrape();
    // A new connection each: the port's connections are spread over both workers.
    for (let i = 0; i < 6; i++) await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
    const after = await scrape();
    expect(healthz(after) - healthz(before)).toBe(6);
    // Both HTTP workers and the job process answered.
    expect(after).toMatch(/^meshport_cluster_processes\{state="answered"\} 3$/m);
    // The job tables, read by the job process only, counted once.
    expect(after).toMatch(/^meshport_jobs_queued\{name="recycle-bin\.purge"\} \d+$/m);
    expect(after).toMatch(/^meshport_db_pool_connections\{pool="app",state="idle"\} \d+$/m);
    expect((await httpRequest(base, '/metrics')).status).toBe(404);
  });

  it('starts another worker when one dies, and stops them all on SIGTERM', async () => {
    const [first] = workerPids();
    process.kill(first as number, 'SIGKILL');
    await waitFor(() => workerPids().length === 3, 100_000);
    expect(server.output()).toMatch(/a worker stopped; starting another/);
    expect((await httpRequest(base, '/healthz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await waitFor(() => workerPids().every((pid) => !alive(pid)), 10_000);
  }, 150_000);
});
