import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { FolderStorage } from '#core/storage/folder-storage.ts';
import { seedDemo } from '#dev/seed/demo-seed.ts';
import { ensureReferenceData } from '#dev/seed/reference-data.ts';
import { seedContentFixtures } from './content-fixtures.ts';

/**
 * Migrating and seeding once per run, not once per test file: every suite starts from a copy
 * of these (a PGlite tarball, or a PostgreSQL template database).
 */
export interface DatabaseSnapshots {
  pglite: { bare: string; demo: string };
  postgres: { bare: string; demo: string } | null;
  demoStorage: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    snapshots: DatabaseSnapshots;
  }
}

async function prepare(database: Database, storage: FileStorage | null): Promise<void> {
  await database.migrate();
  await ensureReferenceData(database);
  if (!storage) return;
  await seedDemo(database, storage);
  await seedContentFixtures(database, storage);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-snapshots-'));
  const demoStorage = path.join(dir, 'storage');
  const snapshots: DatabaseSnapshots = {
    pglite: { bare: path.join(dir, 'bare.tar'), demo: path.join(dir, 'demo.tar') },
    postgres: null,
    demoStorage,
  };
  for (const variant of ['bare', 'demo'] as const) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await prepare(database, variant === 'demo' ? new FolderStorage(demoStorage) : null);
    const dump = database.dump;
    if (!dump) throw new Error('PGlite without dump');
    fs.writeFileSync(snapshots.pglite[variant], Buffer.from(await (await dump()).arrayBuffer()));
    await database.close();
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const templates: string[] = [];
  if (adminUrl) {
    const suffix = randomBytes(4).toString('hex');
    const names = { bare: `meshport_tpl_${suffix}_bare`, demo: `meshport_tpl_${suffix}_demo` };
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const variant of ['bare', 'demo'] as const) {
      await admin.query(`create database ${names[variant]}`);
      templates.push(names[variant]);
      const database = await openDatabase({
        kind: 'postgres',
        url: withDatabase(adminUrl, names[variant]),
        poolSize: 2,
      });
      await prepare(database, variant === 'demo' ? new FolderStorage(path.join(dir, 'storage-pg')) : null);
      await database.close();
    }
    await admin.end();
    snapshots.postgres = names;
  }
  project.provide('snapshots', snapshots);

  return async () => {
    if (adminUrl && templates.length) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of templates) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
