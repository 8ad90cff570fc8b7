import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { guardConnectionLoss } from './connection-loss-guard.ts';

const url = process.env.TEST_DATABASE_URL;

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Ends the server process of `client`'s connection, as a restart does (FATAL 57P01 to an idle session). */
async function terminate(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
  } finally {
    await admin.end();
  }
}

/**
 * Without the guard, node-postgres emits `error` on a taken connection with nobody listening, and
 * the process ends: every server process did when the database restarted (issue 29).
 */
describe.skipIf(!url)('a pool connection that the database ends while it is taken', () => {
  const pools: pg.Pool[] = [];
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('is reported, not thrown; the borrower’s next statement fails, and the pool drops it once released', async () => {
    const pool = newPool();
    const lost: Error[] = [];
    guardConnectionLoss(pool, { onLost: (error) => lost.push(error) });
    const client = await pool.connect();
    await terminate(client);
    await until(() => lost.length > 0);
    expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
    await expect(client.query('select 1')).rejects.toThrow(/not queryable/);
    client.release();
    expect(pool.totalCount).toBe(0);
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(lost).toHaveLength(1);
  });

  it('with releaseWhenLost, gives the lost connection back for a borrower that never does', async () => {
    const pool = newPool();
    guardConnectionLoss(pool, { onLost: () => {}, releaseWhenLost: true });
    const kept = await pool.connect();
    const other = await pool.connect();
    other.release();
    await terminate(kept);
    await until(() => pool.totalCount === 1);
    // Both places are usable again: the pool is not left short of the lost one.
    const [a, b] = await Promise.all([pool.connect(), pool.connect()]);
    a?.release();
    b?.release();
    // A borrower that releases it too late is told so, as pg-pool tells a double release.
    expect(() => kept.release()).toThrow(/already been released/);
  });
});
