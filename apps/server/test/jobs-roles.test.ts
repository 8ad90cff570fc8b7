import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { httpRequest } from '@meshport/contract/node-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#core/config/config.ts';
import { type Database, openDatabase } from '#core/db/database.ts';
import { JobQueue, type JobState } from '#core/jobs/job-queue.ts';
import { testRecordJob } from './jobs/test-jobs.ts';
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

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const PRELOAD = path.join(import.meta.dirname, 'jobs', 'test-jobs.preload.ts');

/** `meshport serve <args>` run to its end (for the refusals, which exit at once). */
function serveWith(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, INIT_CWD: SERVER_DIR },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('serve --role on the embedded database', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = tempDir('meshport-roles-');
    ({ env } = await serverEnv(dataDir));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses --role worker and --role api with a clear message, before touching the data folder', () => {
    for (const role of ['worker', 'api']) {
      const refused = serveWith(['--role', role], env);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(`--role ${role} needs DATABASE_URL`);
      expect(refused.output).toMatch(/the embedded database has one connection .*run --role all/);
    }
    expect(serveWith([`--role=worker`], env).output).toContain('--role worker needs DATABASE_URL');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('reads the role from SERVE_ROLE (what --role sets), all by default', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ SERVE_ROLE: 'worker', DATABASE_URL: 'postgres://db/meshport' }).role).toBe('worker');
    expect(() => loadConfig({ SERVE_ROLE: 'api' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVE_ROLE: 'cook', DATABASE_URL: 'postgres://db/meshport' })).toThrow(/SERVE_ROLE/);
  });

  it('refuses an unknown role or option with the usage', () => {
    const unknown = serveWith(['--role', 'cook'], env);
    expect(unknown.status).toBe(2);
    expect(unknown.output).toMatch(/--role takes api, worker or all \(got cook\)\nUsage: meshport/);
    expect(serveWith(['--fast'], env).status).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('serve --role api and --role worker on the PostgreSQL server', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `meshport_jobs_${process.pid}`;
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];
  let url: string;
  let database: Database;
  let jobs: JobQueue;

  /** A server process with the test job preloaded, quick to poll and to notice dead workers. */
  const startRole = async (role: 'api' | 'worker') => {
    const dataDir = tempDir(`meshport-${role}-`);
    dataDirs.push(dataDir);
    const started = await serverEnv(dataDir);
    const server = start(
      'serve',
      {
        ...started.env,
        DATABASE_URL: url,
        SERVE_ROLE: role,
        WORKERS: '1',
        JOB_POLLING_SECONDS: '0.5',
        JOB_MAINTENANCE_SECONDS: '1',
        METRICS_PORT: String(await freePort()),
      },
      { preload: [PRELOAD] },
    );
    processes.push(server);
    await serverReady(server);
    return { server, base: started.base };
  };

  const jobState = async (id: string, wanted: JobState['state'], timeoutMs = 30_000) => {
    let found: JobState | null = null;
    const deadline = Date.now() + timeoutMs;
    while (found?.state !== wanted) {
      if (Date.now() > deadline) throw new Error(`job ${id} is ${found?.state}, not ${wanted}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = await jobs.get(testRecordJob.name, id);
    }
    return found;
  };
  /** Whether the process logged `msg` (the test job's handler) for the job marked `marker`. */
  const ran = (server: ServerProcess, msg: string, marker: string) =>
    new RegExp(`"msg":"${msg}","pid":\\d+,"id":"[^"]+","marker":"${marker}"`).test(server.output());

  beforeAll(async () => {
    await psql(adminUrl, `create database ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    for (const server of processes) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await jobs?.stop();
    await database?.close();
    await psql(adminUrl, `drop database if exists ${name} with (force)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--role api answers HTTP and enqueues, but works no jobs; --role worker works them and answers no HTTP', async () => {
    const api = await startRole('api');
    expect(api.server.output()).toMatch(/"role":"api".*"msg":"Meshport is ready"/);
    expect((await httpRequest(api.base, '/healthz')).status).toBe(200);

    // The test process asks for jobs as the API would (the api process migrated and installed the schema).
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    jobs = new JobQueue(database, [testRecordJob], { work: false });
    await jobs.start();
    const id = await jobs.enqueue(testRecordJob.name, { marker: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await jobs.get(testRecordJob.name, id))?.state).toBe('created');
    expect(api.server.output()).not.toContain('test job started');

    const worker = await startRole('worker');
    expect(worker.server.output()).toMatch(
      /"msg":"Meshport is ready".*"role":"worker".*"jobs":\["recycle-bin.purge","uploads.expire","processing.run","materials.preview","designs.preview","test.record"\]/,
    );
    const done = await jobState(id, 'completed');
    expect(done.output).toEqual({ pid: worker.server.child.pid, attempt: 1, marker: 'first' });
    await expect(httpRequest(worker.base, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    expect(worker.server.output()).not.toContain('Server listening');
    // No HTTP, but its own operator listener: what it worked, read by Prometheus there.
    const metricsUrl = /"metrics":"([^"]+)"/.exec(worker.server.output())?.[1] as string;
    const scraped = await (await fetch(metricsUrl)).text();
    expect(scraped).toMatch(/^meshport_jobs_completed_total\{name="test\.record"\} 1$/m);
    expect(scraped).toMatch(/^meshport_jobs_queued\{name="test\.record"\} 0$/m);
  }, 180_000);

  it('gives the job of a worker killed in the middle of it to another worker', async () => {
    const [, first] = processes as [ServerProcess, ServerProcess];
    const second = (await startRole('worker')).server;
    const id = await jobs.enqueue(testRecordJob.name, { marker: 'hang', hangOnFirstAttempt: true });
    await waitFor(() => ran(first, 'test job started', 'hang') || ran(second, 'test job started', 'hang'), 20_000);
    const [victim, survivor] = ran(first, 'test job started', 'hang') ? [first, second] : [second, first];
    expect((await jobs.get(testRecordJob.name, id))?.state).toBe('active');
    victim.child.kill('SIGKILL');
    await victim.exited;
    // The dead worker's run expires (3 s) and maintenance (every 1 s) puts the job back for a retry.
    const done = await jobState(id, 'completed');
    expect(done.output).toEqual({ pid: survivor.child.pid, attempt: 2, marker: 'hang' });
    expect(ran(survivor, 'test job ran', 'hang')).toBe(true);
  }, 180_000);

  it('stops each role cleanly on SIGTERM', async () => {
    for (const server of processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null)) {
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-2_000)).toBe(0);
      expect(server.output()).toMatch(/"msg":"stopped"/);
    }
  }, 60_000);
});
