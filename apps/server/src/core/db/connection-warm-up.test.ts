import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { warmConnections } from './connection-warm-up.ts';
import type { Database } from './database.ts';

describeEachDatabase('connection warm-up', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'bare'));
  });
  afterAll(() => drop());

  it('opens every connection of the pool at start and keeps them open when idle', async () => {
    await warmConnections(database);
    if (database.driver.kind !== 'postgres') return;
    const { pool } = database.driver;
    expect(pool.totalCount).toBe(pool.options.max);
    expect(pool.idleCount).toBe(pool.options.max);
    expect(pool.options.idleTimeoutMillis).toBeGreaterThan(0);
    // Idle past the timeout, they are still there (the pool's `min`).
    await new Promise((resolve) => setTimeout(resolve, (pool.options.idleTimeoutMillis ?? 0) + 200));
    expect(pool.totalCount).toBe(pool.options.max);
  }, 20_000);
});
