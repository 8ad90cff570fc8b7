import pg from 'pg';
import type { Database } from './database.ts';

/**
 * Opens every connection of the pool at start and has each plan a read of every table once, so
 * that PostgreSQL loads the tables', indexes' and policies' catalog entries on that connection
 * now rather than during a request (10–30 ms a connection for the items' 25 indexes). The pool
 * keeps its connections open (`min`), so this is paid once per process (decision 0031).
 */
export async function warmConnections(database: Database): Promise<void> {
  if (database.driver.kind !== 'postgres') return;
  const { pool } = database.driver;
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  try {
    const { rows } = await (clients[0] as pg.PoolClient).query<{ name: string }>(
      `select c.relname as name from pg_class c
       where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace order by 1`,
    );
    const plans = rows.map(({ name }) => `explain select * from ${pg.escapeIdentifier(name)} limit 1`);
    await Promise.all(
      clients.map(async (client) => {
        for (const plan of plans) await client.query(plan);
      }),
    );
  } finally {
    for (const client of clients) client.release();
  }
}
