import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '#core/config/server-paths.ts';
import { logContextFields } from '#core/operations/log-context.ts';
import { dbPoolConnections, poolSamples } from '#core/operations/metrics.ts';
import { guardConnectionLoss } from './connection-loss-guard.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { prepareStatementsByText } from './named-statements.ts';
import { DEFAULT_QUEUE_TIMEOUT_MS, FairQueue, type QueuedPGlite, queuePGlite } from './pglite-queue.ts';
import { readingOnlyNow } from './read-only-scope.ts';
import { connectionFor, keepingOneConnection } from './request-connection.ts';
import { statementCapture } from './statement-capture.ts';

/** What both drivers answer to a raw statement (node-postgres `QueryResult`, PGlite `Results`): at least its rows. */
interface RawRows<Row> {
  rows: Row[];
}

/** Drizzle's result kind for both drivers: `execute<Row>` answers `{ rows: Row[] }`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RawRows<this['row']>;
}

/** A Drizzle handle: the database itself or a transaction, on either driver. Queries are built from the tables; no relational schema. */
export type Db = PgDatabase<RowsResultHKT>;

export const APP_ROLE = 'meshport_app';

export interface TenantScope {
  companyId: number;
  accountId?: number | null;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Owner connection. For migrations and the explicit cross-tenant paths only. */
  system: Db;
  /**
   * Runs `work` in a transaction as the application role with the company set: row-level
   * security then limits every statement to that company.
   */
  tenant<T>(scope: TenantScope, work: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs `work` with the tenant transactions it runs one after another on one connection (a write request). */
  oneConnection<T>(work: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` for each notification on `channel`, on a connection of its own (PostgreSQL)
   * that reconnects when lost; `onLive` says whether notifications are arriving. Resolves once
   * listening, with a function that stops it.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
  /**
   * PGlite only: runs `work` while no statement runs (it holds the one connection's queue), so
   * that the database's files stand still and nothing commits: a backup copies them then (decision 0055).
   */
  still?: <T>(work: () => Promise<T>) => Promise<T>;
  /** The driver under Drizzle, for mechanisms that speak SQL text themselves (the job queue). */
  driver: { kind: 'pglite'; client: QueuedPGlite } | { kind: 'postgres'; pool: pg.Pool };
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A `dumpDataDir()` tarball to start from (tests). */
      snapshot?: Blob;
      /** How long a statement or transaction may wait for the one connection; null: no limit. */
      queueTimeoutMs?: number | null;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

async function enterTenant(tx: Db, scope: TenantScope): Promise<void> {
  await tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(scope.companyId)}, true), set_config('app.account_id', ${scope.accountId == null ? '' : String(scope.accountId)}, true)`,
  );
}

/** Idempotent: every tenant table secured, every table watched (0001, 0008). */
async function afterMigrations(db: Db): Promise<void> {
  await db.execute(sql`select meshport_secure_tenant_tables()`);
  await db.execute(sql`select meshport_watch_tables()`);
}

/** Any fixed number: the session lock that makes one process at a time migrate a database. */
const MIGRATION_LOCK = 7_315_001;

/**
 * Processes started together on one database (two `api` roles, a `worker`) each migrate on start:
 * one at a time, under a session advisory lock on one kept connection, so the second finds the
 * work done instead of failing on the first's concurrent DDL and grants ("tuple concurrently updated").
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const locked = drizzlePg({ client, logger: statementCapture });
      const before = await appliedMigrations(client);
      await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
      const lockedDb: Db = locked;
      // afterMigrations' ALTER TABLEs lock every tenant table exclusively: a process starting
      // beside others that serve deadlocked their transactions (500s; deploy/test/load-balancer.test.ts).
      // Only a migration adds tables, so they run when one was applied.
      if ((await appliedMigrations(client)) !== before) await afterMigrations(lockedDb);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** How many migrations the database has had applied; -1 before the first. */
async function appliedMigrations(client: pg.PoolClient): Promise<number> {
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]?.n ?? 0;
  } catch {
    return -1;
  }
}

/** Where the embedded database keeps its files in a data folder. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
    try {
      const client = await PGlite.create({
        ...(options.dataDir ? { dataDir: pgliteFolder(options.dataDir) } : {}),
        ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
        extensions: { pg_trgm },
      });
      // Every statement and transaction, through `system` or `tenant`, waits in this one
      // first-come first-served queue, for a bounded time.
      const timeoutMs = options.queueTimeoutMs === undefined ? DEFAULT_QUEUE_TIMEOUT_MS : options.queueTimeoutMs;
      const queue = new FairQueue(timeoutMs);
      const queued = queuePGlite(client, queue);
      // The one connection: in use or idle; the statements waiting for it.
      const unobserve = dbPoolConnections.observe(() =>
        poolSamples('app', queue.busy ? 1 : 0, queue.busy ? 0 : 1, queue.waiting),
      );
      const drizzled = drizzlePglite({ client: queued as PGlite, logger: statementCapture });
      const db: Db = drizzled;
      return {
        kind: 'pglite',
        driver: { kind: 'pglite', client: queued },
        system: db,
        // One connection is all there is.
        oneConnection: (work) => work(),
        tenant: (scope, work) =>
          db.transaction(
            async (tx) => {
              await enterTenant(tx, scope);
              return work(tx);
            },
            readingOnlyNow() ? { accessMode: 'read only' } : undefined,
          ),
        async migrate() {
          await migratePglite(drizzled, { migrationsFolder: MIGRATIONS_DIR });
          await afterMigrations(db);
        },
        async listen(channel, onPayload, onLive) {
          const stop = await queued.listen(channel, onPayload);
          onLive(true);
          return async () => {
            onLive(false);
            if (!client.closed) await stop();
          };
        },
        async close() {
          unobserve();
          await client.close();
          release();
        },
        dump: () => queued.dumpDataDir('none'),
        still: (work) => queue.run(work, null),
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  // Pipelined connections: BEGIN, the tenant settings and the first statement of the work
  // leave in one write and come back in one round trip (separate round trips cost 35 % of a list call, measured).
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    // Connections stay open once opened: a new one loads its catalog entries during a request
    // (connection-warm-up.ts), and closing them after 10 s idle made every quiet spell cost that again.
    min: options.poolSize ?? 20,
    pipeline: true,
  } as pg.PoolConfig);
  // A connection the server ends (restart, crash, admin command) must not crash the process:
  // the pool drops it and opens another on the next query.
  const warn = (msg: string, error: Error) =>
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg, err: error.message })}\n`);
  pool.on('connect', (client) => prepareStatementsByText(client));
  pool.on('error', (error) => warn('idle database connection lost', error));
  guardConnectionLoss(pool, { onLost: (error) => warn('database connection lost during use', error) });
  const unobserve = dbPoolConnections.observe(() =>
    poolSamples('app', pool.totalCount - pool.idleCount, pool.idleCount, pool.waitingCount),
  );
  const drizzled = drizzlePg({ client: pool, logger: statementCapture });
  const db: Db = drizzled;
  const perClient = new WeakMap<pg.PoolClient, Db>();
  const drizzleFor = (client: pg.PoolClient) => {
    let bound = perClient.get(client);
    if (!bound) {
      bound = drizzlePg({ client, logger: statementCapture });
      perClient.set(client, bound);
    }
    return bound;
  };
  return {
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    system: db,
    oneConnection: keepingOneConnection,
    async tenant(scope, work) {
      const connection = await connectionFor(pool);
      const { client } = connection;
      const readOnly = readingOnlyNow();
      let released = false;
      const release = (broken?: Error) => {
        if (released) return;
        released = true;
        connection.release(broken);
      };
      try {
        // One write for BEGIN, the settings and the work's first statement (queued within this
        // turn of the event loop): pg writes each statement on its own, and on this VM every
        // write to a local socket wakes the server's process: 14 % of a worker's time went to
        // writev in the mix (decision 0028).
        const { stream } = client.connection;
        stream.cork();
        setImmediate(() => stream.uncork());
        const opened = Promise.all([
          client.query(readOnly ? 'begin read only' : 'begin'),
          client.query(
            "select set_config('role', $1, true), set_config('app.company_id', $2, true), set_config('app.account_id', $3, true)",
            [APP_ROLE, String(scope.companyId), scope.accountId == null ? '' : String(scope.accountId)],
          ),
        ]);
        // Awaited after the work's first statement is queued; a failure here fails that statement too.
        opened.catch(() => {});
        const result = await work(drizzleFor(client));
        await opened;
        if (readOnly) {
          // Nothing to make durable: the answer goes now (one round trip less per read, decision
          // 0031), and so does the connection. The COMMIT waits in the socket until the event
          // loop's next turn: a request waiting for a connection gets this one at once, and its
          // BEGIN leaves in the same write, behind the COMMIT (PostgreSQL runs them in order).
          // A separate write per COMMIT was 5 % of a worker's time under the mix (decision 0049).
          stream.cork();
          setImmediate(() => stream.uncork());
          client.query('commit').catch((error: unknown) => {
            // The connection is someone else's by now: this only happens when it is lost, and
            // what runs on it next fails too and drops it.
            process.stderr.write(
              `${JSON.stringify({ level: 40, time: Date.now(), ...logContextFields(), msg: 'read-only commit failed', err: String(error) })}\n`,
            );
          });
          release();
          return result;
        }
        await client.query('commit');
        release();
        return result;
      } catch (error) {
        let broken: Error | undefined;
        try {
          await client.query('rollback');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        release(broken);
        throw error;
      }
    },
    async migrate() {
      await migrateOnce(pool);
    },
    listen: (channel, onPayload, onLive) => listenWithReconnect(options.url, channel, onPayload, onLive),
    async close() {
      unobserve();
      await pool.end();
    },
  };
}

async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleRetry);
    }, delay);
    // At most 2 s apart: the feed is live again within 2 s of the database's return.
    delay = Math.min(delay * 2, 2_000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (client === next) {
        client = null;
        onLive(false);
      }
      next.end().catch(() => {});
      scheduleRetry();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
    if (stopped) return void (await next.end());
    client = next;
    delay = 250;
    onLive(true);
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) onLive(false);
    await current?.end().catch(() => {});
  };
  try {
    await connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** Rows of a raw SQL statement; both drivers answer `{rows}`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}
