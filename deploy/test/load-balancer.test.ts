/**
 * Issue 29 item 2: the shipped nginx example (deploy/nginx/meshport.conf.example) in front of two
 * `serve --role api` processes and one `serve --role worker`, on a PostgreSQL server and an
 * S3-compatible bucket (s3rver). Under a steady load of reads and writes, with Socket.IO clients
 * on both api processes and a tus upload half sent, the api process holding the upload's lock is
 * killed with SIGKILL. Only requests in flight on it may fail; its sockets reconnect to the other
 * process and keep hearing events; the upload resumes through the other process (its lock, in
 * PostgreSQL, went with the dead process's connection) and the worker processes the model; the
 * killed process, started again, takes traffic again.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LOCK, uploadLockKey } from '../../apps/server/src/modules/processing/uploads/upload-locker.ts';
import { startTestS3, type TestS3 } from '../../apps/server/test/s3-server.ts';
import {
  BASE_DOMAIN,
  freePort,
  type MeshportProcess,
  runMeshport,
  startMeshport,
  tail,
  tempDir,
  waitForReady,
} from '../support/meshport-process.ts';
import { type NginxProxy, startNginx } from '../support/nginx-proxy.ts';
import { call, dataOf, type LoadRecord, type ProxyTarget, SteadyLoad, succeeded } from '../support/proxy-load.ts';
import { type RealtimeClient, realtimeClientsOn } from '../support/realtime-clients.ts';
import { modelFile, stalledPatch, type TusTarget, tusCreate, tusHead, tusPatch } from '../support/tus-through-proxy.ts';

const DEMO_PASSWORD = 'meshport-demo-2026';
const MIB = 1024 * 1024;
/** Above one S3 part (8 MiB): the first PATCH leaves a whole part stored and 1 MiB pending. */
const FILE_BYTES = 10 * MIB;
const FIRST_PATCH_BYTES = 9 * MIB;
const STALLED_BYTES = 256 * 1024;
const LOAD_LOOPS = 4;
const SOCKETS_PER_PROCESS = 2;
const CONTENT_EVENT = 'ContentChanged';
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The PostgreSQL server of the test run, or null when none answers (the test is then skipped). */
async function reachableAdminUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const ADMIN_URL = await reachableAdminUrl();
const describeRecord = (record: LoadRecord) =>
  `${record.method} ${record.path} ${record.status ?? ''} ${record.error ?? ''} via ${record.upstreams.join(', ')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | null | false | Promise<T | null | false>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL as string });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!ADMIN_URL)('nginx in front of two api processes and a worker (PostgreSQL, S3)', () => {
  const databaseName = `meshport_lb_${process.pid}_${Date.now()}`;
  const folders: string[] = [];
  let s3: TestS3 | null = null;
  let db: pg.Client | null = null;
  let env: Record<string, string> = {};
  let ports: number[] = [];
  let apis: MeshportProcess[] = [];
  let worker: MeshportProcess | null = null;
  let nginx: NginxProxy | null = null;
  let target: TusTarget;
  let channel = '';
  let load: SteadyLoad | null = null;
  let clients: RealtimeClient[] = [];
  const figures: Record<string, unknown> = {};
  // Set by the kill.
  let victim = -1;
  let killedAt = 0;
  let exitedAt = 0;
  let uploadPath = '';
  const file = modelFile(FILE_BYTES);

  const addressOf = (index: number) => `127.0.0.1:${ports[index]}`;
  /** The pid of the server process whose lock session holds the upload's lock, or null. */
  const lockHolder = async (uploadId: string): Promise<number | null> => {
    const { rows } = await (db as pg.Client).query<{ application_name: string }>(
      `select a.application_name from pg_locks l left join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.classid = $1 and l.objid = $2 and l.objsubid = 2 and l.granted`,
      [UPLOAD_LOCK, uploadLockKey(uploadId) >>> 0],
    );
    if (rows.length === 0) return null;
    return Number(/\(pid (\d+)\)/.exec(rows[0]?.application_name ?? '')?.[1] ?? -1);
  };
  const startApi = (index: number) => {
    const dataDir = tempDir(`lb-api-${index}`);
    folders.push(dataDir);
    return startMeshport(['serve', '--role', 'api'], { ...env, PORT: String(ports[index]), DATA_DIR: dataDir });
  };

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${databaseName}`;
    s3 = await startTestS3('meshport-lb');
    env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      WORKERS: '1',
      TRUST_PROXY: 'true',
      JOB_POLLING_SECONDS: '0.5',
      SEED_DEMO: 'false',
    };
    const seedDir = tempDir('lb-seed');
    folders.push(seedDir);
    await runMeshport(['seed'], { ...env, DATA_DIR: seedDir });
    ports = [await freePort(), await freePort()];
    apis = [startApi(0), startApi(1)];
    const workerDir = tempDir('lb-worker');
    folders.push(workerDir);
    worker = startMeshport(['serve', '--role', 'worker'], { ...env, DATA_DIR: workerDir });
    await Promise.all(apis.map((api, index) => waitForReady(api, ports[index] as number)));
    const background = worker;
    await until('the worker', () => background.output().includes('Meshport is ready'), 120_000);
    nginx = await startNginx({ port: await freePort(), apis: [addressOf(0), addressOf(1)], baseDomain: BASE_DOMAIN });
    db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(`select id from companies where sub_domain = 'acme'`);
    channel = `private-company.${rows[0]?.id}.Content`;
    const proxy: ProxyTarget = { port: nginx.port, host: `hatch-acme.${BASE_DOMAIN}:${nginx.port}` };
    const login = await call(proxy, '/v2/login', {
      method: 'POST',
      json: { identity: 'editor', password: DEMO_PASSWORD, issue_token: true },
    });
    const token = (login.body as { access_token?: string }).access_token;
    if (!token) throw new Error(`sign-in through nginx answered ${login.status}: ${JSON.stringify(login.body)}`);
    target = { ...proxy, token };
  });

  let failures = 0;
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failures++;
  });

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await load?.stop();
    console.log(`load balancer figures: ${JSON.stringify(figures, null, 2)}`);
    if (failures > 0 && nginx) {
      console.log(`nginx:\n${tail(nginx.output())}\naccess log:\n${tail(nginx.accessLog(), 60)}`);
      for (const [index, api] of apis.entries()) {
        const errors = api
          .output()
          .split('\n')
          .filter((line) => /"level":(40|50|60)/.test(line));
        console.log(`api ${index} warnings and errors:\n${errors.slice(-20).join('\n')}`);
      }
    }
    await nginx?.stop();
    await Promise.all([...apis, ...(worker ? [worker] : [])].map((server) => server.stop()));
    await db?.end().catch(() => {});
    await s3?.stop();
    await admin(`drop database if exists ${databaseName} with (force)`);
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('spreads requests over both api processes and puts sockets on each, which hear every write', async () => {
    const answering = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const answer = await call(target, '/v2/projects?per_page=5', { token: target.token });
      expect(answer.status).toBe(200);
      answering.add(answer.upstreams.at(-1) ?? '');
    }
    expect([...answering].sort()).toEqual([addressOf(0), addressOf(1)].sort());
    // The server names the request by nginx's id ($request_id: 32 hex digits), as the access log does.
    const named = await call(target, '/v2/projects?per_page=1', {
      token: target.token,
      headers: { 'x-request-id': 'mine' },
    });
    expect(named.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    // (nginx logs a request once its answer has gone.)
    await until('the access log line', () =>
      nginx?.accessLog().includes(`request_id=${named.headers['x-request-id']}`),
    );

    clients = await realtimeClientsOn(target, [addressOf(0), addressOf(1)], SOCKETS_PER_PROCESS, {
      token: target.token,
      channel,
      event: CONTENT_EVENT,
    });
    const before = Date.now();
    const created = await call(target, '/v2/projects', {
      method: 'POST',
      token: target.token,
      json: { name: 'Heard' },
    });
    expect(created.status).toBe(201);
    await until('the event on every socket', () => clients.every((client) => client.events.some((at) => at >= before)));
  });

  it('kill -9 of the api process holding an upload, under load: only its requests in flight fail', async () => {
    load = new SteadyLoad(target, target.token);
    load.start(LOAD_LOOPS);

    // An upload half sent: a whole S3 part stored, then a PATCH that stops sending midway.
    uploadPath = await tusCreate(target, file.name, file.data.length);
    const uploadId = uploadPath.split('/').pop() as string;
    const first = await tusPatch(target, uploadPath, 0, file.data.subarray(0, FIRST_PATCH_BYTES));
    expect(first.status, JSON.stringify(first.body)).toBe(204);
    const pending = path.join(s3?.directory ?? '', s3?.bucket ?? '', `${uploadId}.part._S3rver_object`);
    expect(fs.existsSync(pending)).toBe(true);
    const stalled = stalledPatch(
      target,
      uploadPath,
      FIRST_PATCH_BYTES,
      file.data.subarray(FIRST_PATCH_BYTES),
      STALLED_BYTES,
    );
    // The process the PATCH reached holds the upload's lock in PostgreSQL (its lock session names its pid).
    const holderPid = await until('the upload lock', () => lockHolder(uploadId));
    victim = apis.findIndex((api) => api.child.pid === holderPid);
    expect(victim).toBeGreaterThanOrEqual(0);
    // Held in PostgreSQL, not in that process: no other session (another process) can take it.
    const { rows: taken } = await (db as pg.Client).query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::int, $2::int) as locked',
      [UPLOAD_LOCK, uploadLockKey(uploadId)],
    );
    expect(taken[0]?.locked).toBe(false);
    // The S3 store has taken the pending megabyte into this write: it is in that process now.
    await until('the write to take the pending part', () => !fs.existsSync(pending));
    // Some load on both processes before the kill.
    await sleep(1_500);

    killedAt = Date.now();
    await apis[victim]?.kill();
    exitedAt = Date.now();
    // PostgreSQL let the lock go with the dead process's connection.
    const lockGone = await until('the lock to go', async () =>
      (await lockHolder(uploadId)) ? null : { ms: Date.now() - exitedAt },
    );
    const cut = await stalled.answered;
    stalled.abort();
    figures.stalledPatch = cut;
    expect(cut.status).toBe(502);

    // The upload resumes through the other process at once: the lock went with the dead process's session.
    const headStarted = Date.now();
    const head = await tusHead(target, uploadPath);
    const headMs = Date.now() - headStarted;
    expect(head.status).toBe(200);
    expect(head.upstreams.at(-1)).toBe(addressOf(1 - victim));
    const offset = Number(head.headers['upload-offset']);
    const resumed = await tusPatch(target, uploadPath, offset, file.data.subarray(offset));
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(204);
    expect(Number(resumed.headers['upload-offset'])).toBe(file.data.length);
    figures.tus = {
      file: `${file.source}, padded to ${file.data.length} bytes`,
      offsetBeforeKill: FIRST_PATCH_BYTES + STALLED_BYTES,
      offsetAfterKill: offset,
      lockGoneAfterExitMs: lockGone.ms,
      headMs,
      resumedThrough: resumed.upstreams.at(-1),
    };
    // Whole S3 parts survive; the part the dead process was writing is gone with it.
    expect(offset).toBeGreaterThanOrEqual(8 * MIB);
    expect(offset).toBeLessThanOrEqual(FIRST_PATCH_BYTES);

    // The killed process's sockets reconnect to the other one, join again, and hear writes made now.
    const moved = clients.filter((client) => client.upstream === addressOf(victim));
    const rejoined = await until('the sockets to join again', () =>
      moved.every((client) => client.joins.some((at) => at > killedAt)) ? true : null,
    );
    expect(rejoined).toBe(true);
    const reconnectMs = moved.map((client) => (client.joins.find((at) => at > killedAt) ?? 0) - exitedAt);
    const heardFrom = Date.now();
    const write = await call(target, '/v2/projects', { method: 'POST', token: target.token, json: { name: 'After' } });
    expect(write.status).toBe(201);
    await until('the event after the kill on every socket', () =>
      clients.every((client) => client.events.some((at) => at >= heardFrom)),
    );
    figures.sockets = { onKilledProcess: moved.length, total: clients.length, rejoinedAfterExitMs: reconnectMs };

    // The load runs on through the other process.
    await sleep(2_000);
    const records = load.records;
    const onVictim = (record: LoadRecord) => record.upstreams[0] === addressOf(victim);
    const inFlight = records.filter(
      (record) => onVictim(record) && record.startedAt <= exitedAt && record.endedAt >= killedAt,
    );
    const failed = records.filter((record) => !succeeded(record));
    figures.atKill = {
      requests: records.length,
      failed: failed.length,
      inFlightOnKilledProcess: inFlight.length,
      inFlightRetriedElsewhere: inFlight.filter((record) => succeeded(record) && record.upstreams.length > 1).length,
      killToExitMs: exitedAt - killedAt,
      failures: failed.map(describeRecord),
    };
    // Each failure is a write in flight on the killed process; reads in flight there went to the other.
    for (const record of failed) {
      expect(inFlight, `${record.method} ${record.path} ${record.status ?? record.error}`).toContain(record);
      expect(IDEMPOTENT.has(record.method)).toBe(false);
    }
    expect(failed.length).toBeLessThanOrEqual(inFlight.length);
    expect(records.filter((record) => record.startedAt > exitedAt && !succeeded(record)).map(describeRecord)).toEqual(
      [],
    );
  });

  it('starts the killed process again on its port, and nginx sends it requests again', async () => {
    const restartedAt = Date.now();
    const restarted = startApi(victim);
    apis[victim] = restarted;
    await waitForReady(restarted, ports[victim] as number);
    const readyMs = Date.now() - restartedAt;
    const active = load as SteadyLoad;
    const servedAgain = await until(
      'a request answered by the restarted process',
      () => active.after(restartedAt).find((record) => record.upstreams.at(-1) === addressOf(victim)) ?? null,
      30_000,
    );
    // A few seconds of both processes answering.
    await sleep(3_000);
    await active.stop();
    const after = active.after(restartedAt);
    figures.restart = {
      readyMs,
      firstServedMs: servedAgain.endedAt - restartedAt,
      requestsSince: after.length,
      // Requests answered since the restarted process answered its first.
      byProcessSince: Object.fromEntries(
        [0, 1].map((index) => [
          addressOf(index),
          after.filter((r) => r.startedAt >= servedAgain.endedAt && r.upstreams.at(-1) === addressOf(index)).length,
        ]),
      ),
    };
    const records = active.records;
    figures.load = { requests: records.length, failed: records.filter((record) => !succeeded(record)).length };
    expect(after.filter((record) => !succeeded(record)).map(describeRecord)).toEqual([]);
  });

  it('processes the model whose upload resumed through the other process', async () => {
    const uploadId = uploadPath.split('/').pop() as string;
    const project = dataOf<{ id: number }>(
      await call(target, '/v2/projects', { method: 'POST', token: target.token, json: { name: 'Resumed upload' } }),
    );
    const model = dataOf<{ id: number }>(
      await call(target, '/v2/projects/models', {
        method: 'POST',
        token: target.token,
        json: { name: 'Resumed model', project_id: project.id, upload_id: uploadId },
      }),
    );
    const startedAt = Date.now();
    const status = await until(
      'the model to be processed',
      async () => {
        const row = dataOf<{ status: string }>(
          await call(target, `/v2/projects/models/${model.id}`, { token: target.token }),
        );
        return row.status === 'FINISHED' || row.status === 'FAILED' ? row.status : null;
      },
      180_000,
    );
    figures.processing = { status, ms: Date.now() - startedAt };
    expect(status, tail(worker?.output() ?? '')).toBe('FINISHED');
  });
});
