import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { databaseBusyError } from '#core/db/database-busy-error.ts';

/** What pg-boss calls for every statement when given a `db` (its "bring your own connection"). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg-boss's own statements that run as one transaction: `BEGIN; …; COMMIT;` in one text. */
const EXPLICIT_TRANSACTION = /^\s*BEGIN;([\s\S]*?)\s*COMMIT;\s*$/i;
/** How often a statement of the queue's own is tried again when PGlite's connection stays busy. */
const BUSY_RETRIES = 12;

/**
 * pg-boss on the embedded database, through the same fair queue as every other statement
 * (PGlite has one connection). Parameterised statements are single ones (`query`); texts
 * without parameters may hold several (schema creation, maintenance) and go through `exec`.
 * A `BEGIN; …; COMMIT;` text runs inside PGlite's `transaction`, so it keeps the connection
 * for its whole length and a failure rolls it back: run as one text, a failure would leave
 * the one connection inside an aborted transaction, and every later statement of the server
 * would fail. A statement that found the connection busy past the queue timeout is tried
 * again: these are the server's own work (like LISTEN), not a request that can answer 503.
 */
export function pgliteExecutor(database: Database): SqlExecutor {
  if (database.driver.kind !== 'pglite') throw new Error('pgliteExecutor needs the embedded database');
  const { client } = database.driver;
  const once = async (text: string, values?: unknown[]) => {
    if (values?.length) return client.query<Record<string, unknown>>(text, nullsFor(values));
    const wrapped = EXPLICIT_TRANSACTION.exec(text);
    const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1] as string)) : await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    async executeSql(text, values) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(text, values);
        } catch (error) {
          if (!databaseBusyError(error) || attempt >= BUSY_RETRIES) throw error;
        }
      }
    },
  };
}

/**
 * pg-boss on a PostgreSQL server, on a pool of its own. A text without parameters runs on a
 * client taken for it, rolled back when it fails: pg-boss's `BEGIN; …; COMMIT;` texts would
 * otherwise return the connection to the pool inside an aborted transaction.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return pool.query(text, values);
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await client.query(text);
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

/**
 * pg-boss's statement run on a Drizzle handle: inside a transaction, on that transaction's
 * connection, so the job row commits or rolls back with the transaction's other writes.
 */
export function drizzleExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      return { rows: await queryRows(tx, toDrizzleSql(text, values)) };
    },
  };
}

/** `$1`-style text and values as a Drizzle query. The texts are pg-boss's own: no `$n` inside a literal. */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for $${match[1]} in a job statement`);
    chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[index] ?? null)}`);
    from = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

const nullsFor = (values: unknown[]) => values.map((value) => value ?? null);

/**
 * Counts the statements under way, so that stopping can wait for them (pg-boss starts some
 * without awaiting them) before the connection closes.
 */
export function tracked(executor: SqlExecutor): SqlExecutor & { settled(): Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const running = executor.executeSql(text, values);
      pending.add(running);
      const forget = () => pending.delete(running);
      running.then(forget, forget);
      return running;
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/** What the job tables hold of one job name now (the operator metrics). */
export interface JobCounts {
  name: string;
  /** Created or waiting for a retry. */
  queued: number;
  active: number;
  /** Seconds the longest-waiting job that may run now has waited since it could; 0: none. */
  oldestQueuedSeconds: number;
}

/**
 * Per job name in `names` (0 for one without rows), from pg-boss's table: only the rows not
 * yet completed, which its partial index on waiting jobs keeps quick to read.
 */
export async function readJobCounts(executor: SqlExecutor, schema: string, names: string[]): Promise<JobCounts[]> {
  const { rows } = await executor.executeSql(
    `SELECT name,
       count(*) FILTER (WHERE state < 'active')::int AS queued,
       count(*) FILTER (WHERE state = 'active')::int AS active,
       coalesce(extract(epoch FROM now() - min(start_after)
         FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS oldest
     FROM ${schema}.job WHERE state < 'completed' GROUP BY name`,
  );
  const byName = new Map(rows.map((row) => [String(row.name), row]));
  return names.map((name) => {
    const row = byName.get(name);
    return {
      name,
      queued: Number(row?.queued ?? 0),
      active: Number(row?.active ?? 0),
      oldestQueuedSeconds: Number(row?.oldest ?? 0),
    };
  });
}
