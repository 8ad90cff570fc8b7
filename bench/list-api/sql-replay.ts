import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app/build-app.ts';
import { createServices } from '../../apps/server/src/app/services.ts';
import { loadConfig } from '../../apps/server/src/core/config/config.ts';
import { openDatabase } from '../../apps/server/src/core/db/database.ts';
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
 * The SQL the API runs for each path, taken from the server's own code running in this
 * process against the same database (one request at a time, so nothing else is recorded).
 */
export async function captureSql(
  databaseUrl: string,
  host: string,
  token: string,
  paths: string[],
): Promise<Map<string, CapturedRequest>> {
  if (!paths.length) return new Map();
  installRecorder();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    BASE_DOMAIN,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const services = createServices(config, database);
  const { app } = await buildApp(services, { logger: false });
  const out = new Map<string, CapturedRequest>();
  try {
    // As the bench's engine runs ask: built afresh, never from the response cache.
    const headers = { host, authorization: `Bearer ${token}`, 'cache-control': 'no-cache' };
    for (const url of paths) {
      // Once unrecorded, so that one-time work (caches, prepared types) is out of the way.
      await app.inject({ method: 'GET', url, headers });
      recording = [];
      const res = await app.inject({ method: 'GET', url, headers });
      // The realtime adapter's notifications are not the request's.
      const all = recording.filter((s) => !s.text.includes('pg_notify') && !CACHED_IN_PROCESS.test(s.text));
      recording = null;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const begin = all.findIndex((s) => /^\s*begin\s*$/i.test(s.text));
      out.set(url, { statements: all, inTransaction: begin >= 0 ? all.length - begin : 0 });
    }
  } finally {
    recording = null;
    pg.Client.prototype.query = originalQuery;
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
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
  // As autocannon gives up on a request after 30 s, so does the replay.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c statement_timeout=30000' });
  // The same protocol as the server: parameterised statements prepared once per connection.
  pool.on('connect', (client) => prepareStatementsByText(client));
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        for (const s of statements) await client.query(s.text, s.values as unknown[]);
      } catch {
        errors += 1;
        await client.query('rollback').catch(() => {});
      } finally {
        client.release();
      }
      if (record) latencies.push(performance.now() - started);
    }
  };
  const warm = performance.now() + 3000;
  await Promise.all(Array.from({ length: connections }, () => run(warm, false)));
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, () => run(until, true)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return summarize(latencies, elapsed, errors);
}
