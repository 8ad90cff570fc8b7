import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app/build-app.ts';
import { createServices } from '../../apps/server/src/app/services.ts';
import { loadConfig } from '../../apps/server/src/core/config/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/core/db/database.ts';
import { prepareStatementsByText } from '../../apps/server/src/core/db/named-statements.ts';
import { BASE_DOMAIN } from './bench-setup.ts';
import { type Figures, summarize } from './stats.ts';

export interface Statement {
  text: string;
  values: unknown[];
}

type QueryArgs = [unknown, unknown?, unknown?];
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;

/** Records every statement sent through node-postgres while `recording` is set. */
function installRecorder(): void {
  pg.Client.prototype.query = function (this: pg.Client, ...args: QueryArgs) {
    const [first, second] = args;
    if (recording) {
      if (typeof first === 'string') recording.push({ text: first, values: (second as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        recording.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
      }
    }
    return (originalQuery as (...a: QueryArgs) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export interface CapturedRequest {
  /**
   * Every statement a request built by the engine sends: the tenant transaction (BEGIN to
   * COMMIT). What the server's process caches answer on nearly every request (the session
   * lookup, the maintenance window, companies) is left out, as the server does not send it.
   */
  statements: Statement[];
  /** Of those, the tenant transaction's. */
  inTransaction: number;
}

const CACHED_IN_PROCESS = /planned_maintenance|from "companies"/;

/**
 * Sends each request to the in-process app, recording around its second send (a GET is sent
 * once unrecorded first, so that one-time work such as caches and prepared types is out of the
 * way; a write is sent once only). What `stop` returns is kept for the requests answered 2xx;
 * the others are named in `failed`.
 */
export async function captureEach<T>(
  app: Pick<FastifyInstance, 'inject'>,
  requests: RequestToCapture[],
  start: () => void,
  stop: () => T,
): Promise<Map<string, T> & { failed: string[] }> {
  const out = Object.assign(new Map<string, T>(), { failed: [] as string[] });
  for (const request of requests) {
    const inject = () =>
      app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { 'cache-control': 'no-cache', ...request.headers },
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
    if (request.method === 'GET') await inject();
    start();
    const res = await inject();
    const recorded = stop();
    if (res.statusCode >= 300) out.failed.push(`${res.statusCode} ${request.method} ${request.url}`);
    else out.set(request.key, recorded);
  }
  return out;
}

/** A request to capture the SQL of: as the bench sends it. */
export interface RequestToCapture {
  key: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The SQL the API runs for each path, taken from the server's own code running in this
 * process against the same database (one request at a time, so nothing else is recorded).
 */
export async function captureSql(
  databaseUrl: string,
  host: string,
  token: string,
  paths: string[],
): Promise<Map<string, CapturedRequest>> {
  // As the bench's engine runs ask: built afresh, never from the response cache.
  const headers = { host, authorization: `Bearer ${token}`, 'cache-control': 'no-cache' };
  return captureRequests(
    databaseUrl,
    paths.map((url) => ({ key: url, method: 'GET', url, headers })),
  );
}

/**
 * `captureSql` for requests of any method, user and host; a write is sent once only. With the
 * served process's `filesDir`, file reads find their files. A request not answered 2xx here is
 * left out of the map (and named in `failed`).
 */
export async function captureRequests(
  databaseUrl: string,
  requests: RequestToCapture[],
  filesDir?: string,
): Promise<Map<string, CapturedRequest> & { failed: string[] }> {
  if (!requests.length) return Object.assign(new Map<string, CapturedRequest>(), { failed: [] });
  installRecorder();
  const dataDir = filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-'));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    return await captureInApp(
      database,
      { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      requests,
      () => {
        recording = [];
      },
      () => {
        // The realtime adapter's notifications are not the request's.
        const all = (recording ?? []).filter((s) => !s.text.includes('pg_notify') && !CACHED_IN_PROCESS.test(s.text));
        recording = null;
        const begin = all.findIndex((s) => /^\s*begin\s*$/i.test(s.text));
        return { statements: all, inTransaction: begin >= 0 ? all.length - begin : 0 };
      },
    );
  } finally {
    recording = null;
    pg.Client.prototype.query = originalQuery;
    if (!filesDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server's app on `database` in this process (configured by `env`), each request sent to
 * it through `captureEach`; the app and the database are closed afterwards.
 */
export async function captureInApp<T>(
  database: Database,
  env: Record<string, string>,
  requests: RequestToCapture[],
  start: () => void,
  stop: () => T,
): Promise<Map<string, T> & { failed: string[] }> {
  const config = loadConfig({ BASE_DOMAIN, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env });
  const { app } = await buildApp(createServices(config, database), { logger: false });
  try {
    return await captureEach(app, requests, start, stop);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The same statements straight through node-postgres: `connections` concurrent loops for
 * `seconds`, on a pool as large as the server's, each loop one whole request's statements.
 */
export async function replaySql(
  databaseUrl: string,
  statements: Statement[],
  connections: number,
  seconds: number,
  poolSize: number,
): Promise<Figures> {
  const replayed = await replayMix(databaseUrl, () => ({ key: '', statements }), connections, seconds, poolSize);
  return replayed.figures;
}

/**
 * `replaySql` for a mix: each loop replays the statements of the request `next` gives, and the
 * time each request's statements took is summed per key (the database time of each call).
 */
export async function replayMix(
  databaseUrl: string,
  next: () => { key: string; statements: Statement[] },
  connections: number,
  seconds: number,
  poolSize: number,
): Promise<{ figures: Figures; msByKey: Map<string, { ms: number; count: number }> }> {
  // As autocannon gives up on a request after 30 s, so does the replay.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c statement_timeout=30000' });
  // The same protocol as the server: parameterised statements prepared once per connection.
  pool.on('connect', (client) => prepareStatementsByText(client));
  const latencies: number[] = [];
  const msByKey = new Map<string, { ms: number; count: number }>();
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const { key, statements } = next();
      const started = performance.now();
      const client = await pool.connect();
      const connected = performance.now();
      try {
        for (const s of statements) await client.query(s.text, s.values as unknown[]);
      } catch {
        errors += 1;
        await client.query('rollback').catch(() => {});
      } finally {
        client.release();
      }
      if (!record) continue;
      const ended = performance.now();
      latencies.push(ended - started);
      const byKey = msByKey.get(key) ?? { ms: 0, count: 0 };
      byKey.ms += ended - connected;
      byKey.count += 1;
      msByKey.set(key, byKey);
    }
  };
  const warm = performance.now() + 3000;
  await Promise.all(Array.from({ length: connections }, () => run(warm, false)));
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, () => run(until, true)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return { figures: summarize(latencies, elapsed, errors), msByKey };
}
