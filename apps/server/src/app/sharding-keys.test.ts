import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';

/**
 * Ready for Citus, sharded by `company_id` (docs/scale.md): read from the catalogue of
 * a freshly migrated database. A tenant table is a table with a `company_id` column; it becomes a
 * distributed table, all of them co-located. Every other table of `public` is named below, with
 * what it becomes and why, so that a new table cannot stay undecided.
 */

/** Replicated to every node (`create_reference_table`): small, read by tenant queries, written rarely. */
const REFERENCE_TABLES: Record<string, string> = {
  abilities: 'the permission keys, fixed by the product',
  licences: 'the licence keys, fixed by the product',
  notification_types: 'the notification kinds, fixed by the product',
  companies:
    'the tenants themselves: read by host name (unique sub_domain, not a distribution key) on every request, referenced by every tenant table',
  accounts:
    'one account per person across companies, unique username and e-mail across the platform; memberships and authors reference it',
  downloads: 'platform-wide files published by platform admins',
  changelog_items: 'platform-wide content',
  faq_categories: 'platform-wide content',
  faq_questions: 'platform-wide content',
  planned_maintenance: 'platform-wide maintenance windows, read on every request',
};

/**
 * Kept on the coordinator (plain tables, or Citus local tables when they reference a reference
 * table): global per-account or per-process state, written often, never joined with tenant data.
 */
const COORDINATOR_TABLES: Record<string, string> = {
  sessions: 'looked up by token hash before any company is known; last_seen_at written on use',
  login_failures: 'rate-limit counters by login key, before any company is known',
  password_reset_tokens: 'per account, before sign-in',
  email_changes: 'per account (a person has one e-mail across companies)',
  socket_io_attachments: "@socket.io/postgres-adapter's overflow table, per process",
};

/** Citus refuses these actions on a foreign key that holds the distribution column (they would change or null it). */
const REFUSED_ON_DELETE = new Set(['n', 'd']);
const REFUSED_ON_UPDATE = new Set(['c', 'n', 'd']);
const ACTION: Record<string, string> = { n: 'SET NULL', d: 'SET DEFAULT', c: 'CASCADE' };

interface Constraint extends Record<string, unknown> {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  target: string | null;
  target_columns: string[] | null;
  on_delete: string;
  on_update: string;
}

describeEachDatabase('ready for sharding by company_id', (kind) => {
  it('keeps company_id in every key of a tenant table, and names what every other table becomes', async () => {
    const { database, drop } = await freshDatabase(kind);
    try {
      const db = database.system;
      const tables = await queryRows<{ name: string; tenant: boolean }>(
        db,
        sql`select c.relname as name,
                   exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as tenant
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p')`,
      );
      const names = (key: string, relation: string) =>
        sql.raw(
          `(select array_agg(a.attname::text order by u.i) from unnest(k.${key}) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.${relation} and a.attnum = u.n)`,
        );
      const constraints = await queryRows<Constraint>(
        db,
        sql`select c.relname as table, k.conname as name, k.contype::text as kind, ${names('conkey', 'conrelid')} as columns,
                   f.relname as target, ${names('confkey', 'confrelid')} as target_columns,
                   k.confdeltype::text as on_delete, k.confupdtype::text as on_update
              from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
              left join pg_class f on f.oid = k.confrelid
             where n.nspname = 'public' and k.contype in ('p', 'u', 'f')`,
      );
      // Unique indexes made by CREATE UNIQUE INDEX (expressions and partial ones included), not by a constraint.
      const uniqueIndexes = await queryRows<{ table: string; name: string; keyed: boolean; definition: string }>(
        db,
        sql`select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as definition,
                   exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'company_id'
                             and a.attnum = any (x.indkey::int2[])) as keyed
              from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
              join pg_namespace n on n.oid = t.relnamespace
             where n.nspname = 'public' and x.indisunique
               and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u'))`,
      );
      const policies = await queryRows<{ table: string; name: string; text: string }>(
        db,
        sql`select c.relname as table, p.polname as name,
                   coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as text
              from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public'`,
      );

      const tenant = new Set(tables.filter((t) => t.tenant).map((t) => t.name));
      const wrong: string[] = [];

      const undecided = tables
        .filter((t) => !t.tenant && !(t.name in REFERENCE_TABLES) && !(t.name in COORDINATOR_TABLES))
        .map((t) => t.name);
      for (const name of undecided) {
        wrong.push(`${name}: no company_id, and not named a reference or a coordinator table in this test`);
      }
      for (const name of [...Object.keys(REFERENCE_TABLES), ...Object.keys(COORDINATOR_TABLES)]) {
        if (!tables.some((t) => t.name === name && !t.tenant))
          wrong.push(`${name}: named here, but no such table without company_id`);
      }

      for (const table of tenant) {
        if (!constraints.some((k) => k.table === table && k.kind === 'p')) wrong.push(`${table}: no primary key`);
      }
      for (const k of constraints) {
        const label = `${k.table}.${k.name}`;
        if (k.kind !== 'f') {
          if (tenant.has(k.table) && !k.columns.includes('company_id')) {
            wrong.push(
              `${label}: ${k.kind === 'p' ? 'primary key' : 'unique constraint'} (${k.columns}) without company_id`,
            );
          }
          continue;
        }
        const target = k.target as string;
        const targetColumns = k.target_columns ?? [];
        if (tenant.has(k.table) && tenant.has(target)) {
          const at = k.columns.indexOf('company_id');
          if (at < 0 || targetColumns[at] !== 'company_id') {
            wrong.push(
              `${label}: foreign key (${k.columns}) -> ${target} (${targetColumns}) does not match company_id with company_id`,
            );
          }
        } else if (tenant.has(k.table) && !(target in REFERENCE_TABLES)) {
          wrong.push(`${label}: a tenant table's foreign key to ${target}, which is not a reference table`);
        } else if (!tenant.has(k.table) && tenant.has(target)) {
          wrong.push(`${label}: ${k.table} has no company_id but references the tenant table ${target}`);
        } else if (k.table in REFERENCE_TABLES && !(target in REFERENCE_TABLES)) {
          wrong.push(`${label}: the reference table ${k.table} references ${target}, which is not a reference table`);
        }
        if (tenant.has(k.table) && k.columns.includes('company_id')) {
          if (REFUSED_ON_DELETE.has(k.on_delete))
            wrong.push(`${label}: ON DELETE ${ACTION[k.on_delete]} on a key holding company_id`);
          if (REFUSED_ON_UPDATE.has(k.on_update))
            wrong.push(`${label}: ON UPDATE ${ACTION[k.on_update]} on a key holding company_id`);
        }
      }
      for (const index of uniqueIndexes) {
        if (tenant.has(index.table) && !index.keyed) {
          wrong.push(
            `${index.table}.${index.name}: unique index without company_id as a key column: ${index.definition}`,
          );
        }
      }
      for (const policy of policies) {
        if (policy.text.includes('app.company_id') && !tenant.has(policy.table)) {
          wrong.push(`${policy.table}.${policy.name}: a policy reads app.company_id on a table without company_id`);
        }
      }

      expect(wrong).toEqual([]);
      // The check read something: the tenant tables of migration 0025 at least.
      expect(tenant.size).toBeGreaterThanOrEqual(35);
    } finally {
      await drop();
    }
  });
});
