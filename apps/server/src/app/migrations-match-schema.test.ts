import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#app/schema.ts';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import drizzleConfig from '../../drizzle.config.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What hand-written SQL keeps in the database outside the Drizzle declarations, each with its
 * reason. (Functions, triggers and row-level security policies are not compared at all.)
 */
const ONLY_IN_SQL = {
  tables: {
    // Kept by statement triggers of migration 0018 and read only by SQL functions.
    list_totals: 'trigger-maintained counts',
  },
  indexes: {
    // Migration 0019: Drizzle's index builder cannot declare INCLUDE (name).
    library_items_updated_name_idx: 'covering index',
  },
} as const;

interface Run {
  code: number | null;
  output: string;
}

/** drizzle-kit's own CLI, with no terminal: a question (a rename?) ends it instead of waiting. */
function drizzleKit(args: string[]): Promise<Run> {
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

describe('migrations and the Drizzle schema', () => {
  it('drizzle-kit generate has nothing to write: the last snapshot is the schema', async () => {
    const migrations = path.resolve(SERVER_DIR, drizzleConfig.out ?? 'migrations');
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-migrations-'));
    try {
      fs.cpSync(migrations, copy, { recursive: true });
      const schemaPaths = Array.isArray(drizzleConfig.schema) ? drizzleConfig.schema : [drizzleConfig.schema ?? ''];
      const run = await drizzleKit([
        'generate',
        '--dialect',
        drizzleConfig.dialect,
        ...schemaPaths.flatMap((schemaPath) => ['--schema', schemaPath]),
        // drizzle-kit reads --out relative to the working directory.
        '--out',
        path.relative(SERVER_DIR, copy),
      ]);
      const written = filesUnder(copy).filter((name) => !filesUnder(migrations).includes(name));
      const sqlWritten = written
        .filter((name) => name.endsWith('.sql'))
        .map((name) => fs.readFileSync(path.join(copy, name), 'utf8'))
        .join('\n');
      expect(
        { code: run.code, written, sqlWritten },
        `drizzle-kit generate would write a migration; declare the change in SQL (see docs/decisions/0034-migrations-checked.md)${run.code === 0 ? '' : `:\n${run.output}`}`,
      ).toEqual({ code: 0, written: [], sqlWritten: '' });
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

/** The part of a drizzle-kit snapshot's table compared here (its published type leaves these `unknown`). */
interface DeclaredTable {
  name: string;
  columns: Record<string, { name: string; type: string; notNull: boolean; primaryKey: boolean }>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  foreignKeys: Record<
    string,
    { name: string; columnsFrom: string[]; tableTo: string; columnsTo: string[]; onDelete?: string }
  >;
  uniqueConstraints: Record<string, { name: string; columns: string[] }>;
  checkConstraints: Record<string, { name: string }>;
  indexes: Record<string, { name: string; isUnique: boolean }>;
}

/** PostgreSQL cuts identifiers to 63 bytes; the declarations may name them in full. */
const identifier = (name: string) => name.slice(0, 63);

/** A serial column is its integer type with a sequence for default. */
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** What the declarations say, in the terms the catalogue answers in. */
function declared(tables: DeclaredTable[]) {
  const lines: string[] = [];
  for (const table of tables) {
    const t = table.name;
    lines.push(`table ${t}`);
    for (const column of Object.values(table.columns)) {
      lines.push(
        `column ${t}.${column.name} ${SERIAL_TYPES[column.type] ?? column.type}${column.notNull ? ' not null' : ''}`,
      );
      if (column.primaryKey) lines.push(`primary key ${t} (${column.name})`);
    }
    for (const pk of Object.values(table.compositePrimaryKeys)) {
      lines.push(`constraint ${t}.${identifier(pk.name)} p (${pk.columns.join(', ')})`);
    }
    for (const fk of Object.values(table.foreignKeys)) {
      lines.push(
        `constraint ${t}.${identifier(fk.name)} f (${fk.columnsFrom.join(', ')}) -> ${fk.tableTo} (${fk.columnsTo.join(', ')}) on delete ${fk.onDelete ?? 'no action'}`,
      );
    }
    for (const unique of Object.values(table.uniqueConstraints)) {
      lines.push(`constraint ${t}.${identifier(unique.name)} u (${unique.columns.join(', ')})`);
    }
    for (const check of Object.values(table.checkConstraints)) lines.push(`constraint ${t}.${check.name} c`);
    for (const index of Object.values(table.indexes)) {
      lines.push(`index ${t}.${index.name}${index.isUnique ? ' unique' : ''}`);
    }
  }
  return lines;
}

describeEachDatabase('the migrated database and the Drizzle declarations', (kind) => {
  it('hold the same tables, columns, keys and indexes', async () => {
    const { database, drop } = await freshDatabase(kind);
    try {
      const db = database.system;
      const tables = await queryRows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const columns = await queryRows<{ table: string; name: string; type: string; not_null: boolean }>(
        db,
        sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
              from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
      );
      const keyColumns = (key: string, relation: string) =>
        sql.raw(
          `(select string_agg(a.attname::text, ', ' order by u.i) from unnest(k.${key}) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.${relation} and a.attnum = u.n)`,
        );
      const constraints = await queryRows<{
        table: string;
        name: string;
        kind: string;
        columns: string;
        target: string | null;
        target_columns: string | null;
        on_delete: string;
      }>(
        db,
        sql`select c.relname as table, k.conname as name, k.contype::text as kind, ${keyColumns('conkey', 'conrelid')} as columns,
                   f.relname as target, ${keyColumns('confkey', 'confrelid')} as target_columns, k.confdeltype::text as on_delete
              from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
              left join pg_class f on f.oid = k.confrelid
             where n.nspname = 'public' and k.contype in ('p', 'f', 'u', 'c')`,
      );
      const indexes = await queryRows<{ table: string; name: string; unique: boolean; constraint: boolean }>(
        db,
        sql`select t.relname as table, i.relname as name, x.indisunique as unique,
                   exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u')) as constraint
              from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
              join pg_namespace n on n.oid = t.relnamespace
             where n.nspname = 'public'`,
      );
      const handWritten = (table: string) => table in ONLY_IN_SQL.tables;
      const inDatabase: string[] = [];
      for (const t of tables) if (!handWritten(t.name)) inDatabase.push(`table ${t.name}`);
      for (const c of columns) {
        if (!handWritten(c.table))
          inDatabase.push(`column ${c.table}.${c.name} ${c.type}${c.not_null ? ' not null' : ''}`);
      }
      const onDelete: Record<string, string> = {
        a: 'no action',
        r: 'restrict',
        c: 'cascade',
        n: 'set null',
        d: 'set default',
      };
      for (const k of constraints) {
        if (handWritten(k.table)) continue;
        if (k.kind === 'c') inDatabase.push(`constraint ${k.table}.${k.name} c`);
        else if (k.kind === 'f') {
          inDatabase.push(
            `constraint ${k.table}.${k.name} f (${k.columns}) -> ${k.target} (${k.target_columns}) on delete ${onDelete[k.on_delete]}`,
          );
        }
        // A one-column primary key is declared on its column, under PostgreSQL's own name.
        else if (k.kind === 'p' && !k.columns.includes(',')) inDatabase.push(`primary key ${k.table} (${k.columns})`);
        else inDatabase.push(`constraint ${k.table}.${k.name} ${k.kind} (${k.columns})`);
      }
      for (const i of indexes) {
        if (handWritten(i.table) || i.constraint || i.name in ONLY_IN_SQL.indexes) continue;
        inDatabase.push(`index ${i.table}.${i.name}${i.unique ? ' unique' : ''}`);
      }
      const fromDeclarations = declared(Object.values(generateDrizzleJson(schema).tables) as DeclaredTable[]);
      const comparable = (lines: string[]) => [...new Set(lines)].sort();
      expect(comparable(inDatabase)).toEqual(comparable(fromDeclarations));
    } finally {
      await drop();
    }
  });
});
