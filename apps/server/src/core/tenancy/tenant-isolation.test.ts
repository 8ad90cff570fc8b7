import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('tenant isolation by the database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('shows one tenant rows only, even for a query that leaves the tenant condition out', async () => {
    const all = await queryRows<{ company_id: number }>(t.database.system, sql`select company_id from roles`);
    expect(new Set(all.map((r) => r.company_id))).toEqual(new Set([1, 2]));
    for (const companyId of [1, 2]) {
      const rows = await t.database.tenant({ companyId }, (tx) =>
        queryRows<{ company_id: number }>(tx, sql`select company_id from roles`),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.company_id === companyId)).toBe(true);
    }
  });

  it('fails closed: no company set means no rows, and writes into another company are refused', async () => {
    const none = await t.database.system.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'meshport_app', true)`);
      return queryRows<{ n: number }>(tx as never, sql`select count(*)::int as n from roles`);
    });
    expect(none[0]?.n).toBe(0);
    const refused = await t.database
      .tenant({ companyId: 1 }, (tx) => tx.execute(sql`insert into roles (company_id, title) values (2, 'sneaky')`))
      .then(() => null)
      .catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(refused).toMatch(/row-level security/);
  });

  it('runs tenant work as a role that is not owner, superuser or BYPASSRLS', async () => {
    const [role] = await t.database.tenant({ companyId: 1 }, (tx) =>
      queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owns: number; name: string }>(
        tx,
        sql`select r.rolname as name, r.rolsuper, r.rolbypassrls,
              (select count(*)::int from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace) as owns
            from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).toEqual({ name: 'meshport_app', rolsuper: false, rolbypassrls: false, owns: 0 });
  });

  it('has RLS enabled and forced on every tenant table, with company_id in every key', async () => {
    const tables = await queryRows<{ relname: string; rls: boolean; forced: boolean; policies: number }>(
      t.database.system,
      sql`select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) expect(table, table.relname).toMatchObject({ rls: true, forced: true });
    for (const table of tables) expect(table.policies, table.relname).toBeGreaterThan(0);

    const keys = await queryRows<{
      relname: string;
      conname: string;
      contype: string;
      columns: string[];
      target_has_company: boolean;
    }>(
      t.database.system,
      sql`select c.relname, k.conname, k.contype,
            array(select a.attname::text from unnest(k.conkey) as u(n) join pg_attribute a on a.attrelid = c.oid and a.attnum = u.n) as columns,
            exists(select 1 from pg_attribute ta where ta.attrelid = k.confrelid and ta.attname = 'company_id') as target_has_company
          from pg_constraint k join pg_class c on c.oid = k.conrelid
          where c.relnamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f')
            and exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id')`,
    );
    for (const key of keys) {
      if (key.contype === 'f' && !key.target_has_company) continue; // to a shared table (companies, accounts, reference data)
      expect(key.columns, `${key.relname}.${key.conname}`).toContain('company_id');
    }
    const uniqueIndexes = await queryRows<{ indexname: string; indexdef: string }>(
      t.database.system,
      sql`select i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = 'public' and i.indexdef ilike 'create unique index%'
            and exists(select 1 from information_schema.columns col where col.table_name = i.tablename and col.column_name = 'company_id')`,
    );
    for (const index of uniqueIndexes) expect(index.indexdef, index.indexname).toMatch(/company_id/);
  });

  it('answers 403 to a member of another company on this host, and lists only this company roles', async () => {
    const globex = await t.login('globex-editor', t.host('globex'));
    const res = await t.request('/v2/roles', { token: globex });
    expect(res.status).toBe(403);
    const editor = await t.login('editor');
    const own = await t.request('/v2/roles?per_page=100', { token: editor });
    expect(own.status).toBe(200);
    expect(own.body.meta.total).toBe(3); // Editor, Viewer and Sales
    const onGlobex = await t.request('/v2/roles?per_page=100', { token: globex, host: t.host('globex') });
    const ids = (r: typeof own) => r.body.data.map((row: { id: number }) => row.id);
    expect(ids(onGlobex).some((id: number) => ids(own).includes(id))).toBe(false);
  });

  it('answers 404 for an unknown company host', async () => {
    const res = await t.request('/v2/companies/my-company', { host: t.host('nowhere') });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no company/);
  });
});
