import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../migrations');

/**
 * Processes started together on one PostgreSQL database (two `api` roles and a `worker`) each
 * migrate at start. Without one lock the second failed on the first's concurrent DDL and grants
 * ("Failed query: select meshport_secure_tenant_tables()").
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating on the PostgreSQL server', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `meshport_migrate_once_${process.pid}`;
  const opened: Database[] = [];
  let url = '';

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('lets four processes starting at once each migrate a fresh database, and applies every migration once', async () => {
    const starting = Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url, poolSize: 2 }));
    const databases = await Promise.all(starting);
    opened.push(...databases);
    const results = await Promise.allSettled(databases.map((database) => database.migrate()));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await databases[0]?.system.execute<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(applied?.rows[0]?.count).toBe(journal.entries.length);
    const secured = await databases[0]?.system.execute<{ count: number }>(
      "select count(*)::int as count from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation'",
    );
    expect(secured?.rows[0]?.count).toBeGreaterThan(10);
  });

  // A restarted api process beside one under load deadlocked the other's requests (500s) with the
  // ALTER TABLEs run after migrating: they wait for each table's exclusive lock (deploy/test/load-balancer.test.ts).
  it('takes no table lock when there is nothing to migrate, so a process starts beside a busy one', async () => {
    const starting = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    opened.push(starting);
    const busy = new pg.Client({ connectionString: url });
    await busy.connect();
    try {
      // What every write holds until it commits.
      await busy.query('begin');
      await busy.query('lock table projects in row exclusive mode');
      const migrated = starting.migrate().then(() => 'migrated');
      const waited = new Promise((resolve) => setTimeout(resolve, 5_000, 'waited for the table'));
      expect(await Promise.race([migrated, waited])).toBe('migrated');
    } finally {
      await busy.query('rollback');
      await busy.end();
    }
  });
});
