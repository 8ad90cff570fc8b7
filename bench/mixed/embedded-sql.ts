import type { Transaction } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../../apps/server/src/core/db/database.ts';
import { captureInApp, type RequestToCapture, type Statement } from '../list-api/sql-replay.ts';
import { type Figures, summarize } from '../list-api/stats.ts';

/** A statement on the embedded database, and whether it ran inside the request's transaction. */
export interface EmbeddedStatement extends Statement {
  inTransaction: boolean;
}

type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;

/**
 * The SQL each request runs on the embedded database, recorded at the driver the server's
 * Drizzle handle calls (the queued PGlite client), from the server's code running in this
 * process on the same data folder. The served process must be stopped: the folder is locked.
 */
export async function captureEmbedded(
  dataDir: string,
  requests: RequestToCapture[],
): Promise<Map<string, EmbeddedStatement[]> & { failed: string[] }> {
  const database = await openDatabase({ kind: 'pglite', dataDir, queueTimeoutMs: null });
  if (database.driver.kind !== 'pglite') throw new Error('not the embedded database');
  const client = database.driver.client as unknown as {
    query: Query;
    transaction: typeof database.driver.client.transaction;
  };
  let recording: EmbeddedStatement[] | null = null;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => {
    recording?.push({ text, values: params ?? [], inTransaction: false });
    return query(text, params, options as never);
  };
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const inner = tx.query.bind(tx);
      const recorded = Object.create(tx) as Transaction;
      recorded.query = ((text: string, params?: unknown[], options?: never) => {
        recording?.push({ text, values: params ?? [], inTransaction: true });
        return inner(text, params, options);
      }) as Transaction['query'];
      return callback(recorded);
    });
  try {
    return await captureInApp(
      database,
      { DATA_DIR: dataDir },
      requests,
      () => {
        recording = [];
      },
      () => {
        const statements = (recording ?? []).filter(
          (s) => !/pg_notify|planned_maintenance|from "companies"|^\s*(listen|unlisten)\b/i.test(s.text),
        );
        recording = null;
        return statements;
      },
    );
  } finally {
    recording = null;
  }
}

/**
 * The captured statements replayed through the same driver and queue the server uses:
 * `connections` loops for `seconds`, each one whole request (its transaction as one).
 */
export async function replayEmbedded(
  dataDir: string,
  next: () => { key: string; statements: EmbeddedStatement[] },
  connections: number,
  seconds: number,
): Promise<{ figures: Figures; msByKey: Map<string, { ms: number; count: number }> }> {
  const database: Database = await openDatabase({ kind: 'pglite', dataDir, queueTimeoutMs: null });
  if (database.driver.kind !== 'pglite') throw new Error('not the embedded database');
  const client = database.driver.client;
  const latencies: number[] = [];
  const msByKey = new Map<string, { ms: number; count: number }>();
  let errors = 0;
  const replay = async (statements: EmbeddedStatement[]) => {
    const outside = statements.filter((s) => !s.inTransaction);
    const inside = statements.filter((s) => s.inTransaction);
    for (const s of outside) await client.query(s.text, s.values);
    if (inside.length) {
      await client.transaction(async (tx) => {
        for (const s of inside) await tx.query(s.text, s.values);
      });
    }
  };
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const { key, statements } = next();
      const started = performance.now();
      await replay(statements).catch(() => {
        errors += 1;
      });
      if (!record) continue;
      const ms = performance.now() - started;
      latencies.push(ms);
      const byKey = msByKey.get(key) ?? { ms: 0, count: 0 };
      byKey.ms += ms;
      byKey.count += 1;
      msByKey.set(key, byKey);
    }
  };
  try {
    const warm = performance.now() + 3000;
    await Promise.all(Array.from({ length: connections }, () => run(warm, false)));
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, () => run(started + seconds * 1000, true)));
    return { figures: summarize(latencies, (performance.now() - started) / 1000, errors), msByKey };
  } finally {
    await database.close();
  }
}
