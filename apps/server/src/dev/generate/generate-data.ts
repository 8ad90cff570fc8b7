import { ABILITIES } from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '#core/auth/password.ts';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { DEMO_PASSWORD } from '#dev/seed/demo-seed.ts';
import {
  COLLECTIONS,
  COLOURS,
  FINISHES,
  FIRST_NAMES,
  ITEM_NOUNS,
  LAST_NAMES,
  MATERIAL_WORDS,
  ROOMS,
} from './word-lists.ts';

export interface GenerateOptions {
  companies: number;
  /** Library items of the first (large) company; the others get 1 % of it. */
  libraryItems: number;
  materials: number;
  log?: (line: string) => void;
}

export interface GeneratedCompany {
  id: number;
  subDomain: string;
  /** Signs in with the demo password. */
  username: string;
  libraryItems: number;
  materials: number;
  reused: boolean;
}

/** A text[] literal of trusted constant words. */
const words = (list: readonly string[]): SQL =>
  sql.raw(`array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** A deterministic pseudo-random pick from `list`, keyed by `key` and a salt. */
function pick(list: readonly string[], key: SQL, salt: number): SQL {
  return sql`(${words(list)})[1 + ((hashint4((${key})::int + ${sql.raw(String(salt))})::bigint + 2147483648) % ${sql.raw(String(list.length))})::int]`;
}

/** 0 ≤ n < modulo, pseudo-random by key. */
const hashMod = (key: SQL, salt: number, modulo: number) =>
  sql`((hashint4((${key})::int + ${sql.raw(String(salt))})::bigint + 2147483648) % ${sql.raw(String(Math.max(1, modulo)))})::int`;

const g = sql.raw('g');

async function timed<T>(log: (line: string) => void, label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * One transaction per company: a failure leaves nothing half made. `work` sets the company
 * (app.company_id) so that the inserts pass the tenant policy even for an owner that is not
 * a superuser (FORCE row-level security).
 */
function inCompany<T>(database: Database, work: (tx: Db) => Promise<T>): Promise<T> {
  return database.system.transaction(async (tx) => {
    const db: Db = tx;
    await db.execute(sql`set local synchronous_commit = off`);
    await db.execute(sql`set local maintenance_work_mem = '256MB'`);
    return work(db);
  });
}

/**
 * Drops the secondary indexes of `table` (not those behind constraints), runs `work`, and
 * builds them again, all in the caller's transaction: building once is much faster than
 * maintaining them row by row, and a failure rolls the drop back too.
 */
async function withoutIndexes(db: Db, table: string, rows: number, work: () => Promise<void>): Promise<void> {
  // Rebuilding pays off only when the new rows outnumber the table's others by far.
  if (rows < 100_000) return work();
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname = ${table} and t.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await work();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

async function maxId(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from ${sql.raw(table)}`);
  return row?.id ?? 0;
}

/** Several tenants with realistic content; the first holds the large volumes. Set-based SQL only. */
export async function generateData(database: Database, options: GenerateOptions): Promise<GeneratedCompany[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [superuser] = await queryRows<{ yes: boolean }>(
    database.system,
    sql`select rolsuper as yes from pg_roles where rolname = current_user`,
  );
  const out: GeneratedCompany[] = [];
  const started = performance.now();
  for (let index = 1; index <= options.companies; index++) {
    const subDomain = `gen${index}`;
    const scale = index === 1 ? 1 : 0.01;
    const items = Math.max(100, Math.round(options.libraryItems * scale));
    const materials = Math.max(50, Math.round(options.materials * scale));
    const username = `${subDomain}-admin`;
    const existing = await queryRows<{ id: number }>(
      database.system,
      sql`select id from companies where sub_domain = ${subDomain}`,
    );
    if (existing[0]) {
      log(`${subDomain}: already generated (company ${existing[0].id}), kept as it is`);
      out.push({ id: existing[0].id, subDomain, username, libraryItems: items, materials, reused: true });
      continue;
    }
    log(`${subDomain}: ${items} library items, ${materials} materials`);
    const c = await inCompany(database, async (db) => {
      const [company] = await queryRows<{ id: number }>(
        db,
        sql`insert into companies (name, sub_domain, description, primary_color, primary_accent)
          values (${`${COLLECTIONS[index % COLLECTIONS.length]} Interiors ${index}`}, ${subDomain},
            'Generated test data.', 'default', 'default') returning id`,
      );
      if (!company) throw new Error('company not created');
      const c = company.id;
      await db.execute(sql`select set_config('app.company_id', ${String(c)}, true)`);
      if (superuser?.yes) await db.execute(sql`set local session_replication_role = replica`);
      await timed(log, 'users, roles, groups, labels', () =>
        people(db, c, subDomain, passwordHash, index === 1 ? 200 : 40),
      );
      await timed(log, 'libraries', () => libraryTree(db, c, Math.max(30, Math.round(2000 * (items / 1_000_000)))));
      await timed(log, 'library items', () => libraryItemRows(db, c, items));
      // Loaded with the triggers off: the libraries' kept counts (migration 0009), counted once.
      await timed(log, 'library counts', () => db.execute(sql`select meshport_recount_library_tree(${c})`));
      await timed(log, 'materials and categories', () => materialRows(db, c, materials));
      // Loaded with the triggers off: the categories' kept counts (migration 0010), counted once.
      await timed(log, 'category counts', () =>
        db.execute(sql`select meshport_recount_material_categories(array_agg(company_id), array_agg(id))
          from material_categories where company_id = ${c}`),
      );
      await timed(log, 'projects and models', () => projectRows(db, c, Math.max(40, Math.round(items / 200))));
      // The triggers that keep the lists' totals are off during the bulk load (replica role).
      await timed(log, 'list totals', () => db.execute(sql`select meshport_recount_list_totals(${c})`));
      await db.execute(sql`insert into property_maps (company_id, name)
        select ${c}, ${pick(COLLECTIONS, g, 1)} || ' ' || ${pick(ROOMS, g, 2)} || ' map PM-' || g
        from generate_series(1, 30) g`);
      return c;
    });
    out.push({ id: c, subDomain, username, libraryItems: items, materials, reused: false });
  }
  await timed(log, 'downloads', () => downloadRows(database.system));
  // VACUUM sets the visibility map, so that index-only scans (counts, deep pages) skip the heap.
  await timed(log, 'vacuum analyze', () => database.system.execute(sql`vacuum analyze`));
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

async function people(db: Db, c: number, sub: string, passwordHash: string, count: number): Promise<void> {
  const roleRows = await queryRows<{ id: number; title: string }>(
    db,
    sql`insert into roles (company_id, title, description) values
      (${c}, 'Editor', 'Creates and changes content.'), (${c}, 'Viewer', 'Reads content.') returning id, title`,
  );
  const editor = roleRows.find((r) => r.title === 'Editor')?.id;
  const viewer = roleRows.find((r) => r.title === 'Viewer')?.id;
  const abilityList = words(ABILITIES);
  await db.execute(sql`insert into role_abilities (company_id, role_id, ability_key)
    select ${c}, ${editor}, unnest(${abilityList})`);
  await db.execute(sql`insert into role_abilities (company_id, role_id, ability_key)
    select ${c}, ${viewer}, k from unnest(${abilityList}) k where k like 'view-%' or k like 'list-%'`);
  const name = sql`${pick(FIRST_NAMES, g, 3)} || ' ' || ${pick(LAST_NAMES, g, 4)}`;
  await db.execute(sql`insert into accounts (name, username, email, password_hash)
    select case when g = 0 then 'Generated Admin' else ${name} end,
      ${sub} || case when g = 0 then '-admin' else '-user-' || g end,
      ${sub} || case when g = 0 then '-admin' else '-user-' || g end || '@example.test', ${passwordHash}
    from generate_series(0, ${count - 1}) g`);
  await db.execute(sql`insert into memberships (company_id, account_id, role_id)
    select ${c}, id, case when username = ${`${sub}-admin`} or id % 3 = 0 then ${editor}::int else ${viewer}::int end
    from accounts where username like ${`${sub}-%`}`);
  await db.execute(sql`insert into company_licences (company_id, licence_key, bought)
    values (${c}, 'hatch', 1000), (${c}, 'design_and_sales', 1000)`);
  await db.execute(sql`insert into membership_licences (company_id, account_id, licence_key)
    select ${c}, account_id, l from memberships, unnest(array['hatch', 'design_and_sales']) l where company_id = ${c}`);
  await db.execute(sql`insert into groups (company_id, name, description)
    select ${c}, ${pick(COLLECTIONS, g, 5)} || ' team ' || g, 'Works on the ' || ${pick(ROOMS, g, 6)} || ' range.'
    from generate_series(1, 20) g`);
  await db.execute(sql`insert into group_members (company_id, group_id, account_id)
    select ${c}, gr.ids[1 + m.account_id % array_length(gr.ids, 1)], m.account_id
    from memberships m, (select array_agg(id order by id) ids from groups where company_id = ${c}) gr
    where m.company_id = ${c}`);
  await db.execute(sql`insert into labels (company_id, name, color)
    select ${c}, (${words(COLOURS)})[1 + g % 20] || ' ' || (${words(ROOMS)})[1 + (g / 20) % 8],
      (array['#e03131','#2f9e44','#1971c2','#f08c00','#6741d9','#0c8599'])[1 + g % 6]
    from generate_series(0, 39) g`);
}

/** A tree five levels deep; each level's parents are picked from the level above. */
async function libraryTree(db: Db, c: number, total: number): Promise<void> {
  const shares = [0.005, 0.02, 0.075, 0.25, 0.65];
  let previousFrom = -1;
  let previousTo = -1;
  for (const [level, share] of shares.entries()) {
    const count = Math.max(2, Math.round(total * share));
    const before = await maxId(db, 'libraries');
    const parent = level === 0 ? sql`null::int` : sql`p.ids[1 + g % array_length(p.ids, 1)]`;
    const parents =
      level === 0
        ? sql`(select 1) p`
        : sql`(select array_agg(id order by id) ids from libraries where company_id = ${c} and id > ${previousFrom} and id <= ${previousTo}) p`;
    await db.execute(sql`insert into libraries (company_id, parent_id, name, description, created_at, updated_at)
      select ${c}, ${parent},
        ${pick(COLLECTIONS, g, 10 + level)} || ' ' || ${pick(level < 2 ? ROOMS : ITEM_NOUNS, g, 20 + level)} || ' ' || ${level + 1} || '.' || g,
        'Level ' || ${level + 1} || ' library of ' || lower(${pick(MATERIAL_WORDS, g, 30 + level)}) || ' pieces',
        now() - make_interval(hours => ${hashMod(g, 40 + level, 20000)}), now() - make_interval(hours => ${hashMod(g, 50 + level, 2000)})
      from generate_series(1, ${count}) g, ${parents}`);
    previousFrom = before;
    previousTo = await maxId(db, 'libraries');
  }
  await db.execute(sql`insert into library_labels (company_id, library_id, label_id)
    select ${c}, l.id, lb.ids[1 + l.id % array_length(lb.ids, 1)]
    from libraries l, (select array_agg(id order by id) ids from labels where company_id = ${c}) lb
    where l.company_id = ${c} and l.id % 3 = 0`);
}

async function libraryItemRows(db: Db, c: number, count: number): Promise<void> {
  const status = sql`(case when ${hashMod(g, 60, 100)} < 85 then 'FINISHED' else
    (array['UPLOADING','QUEUED','PROCESSING','FAILED','CANCELLED','ARCHIVED'])[1 + ${hashMod(g, 61, 6)}] end)`;
  const age = sql`make_interval(mins => ${hashMod(g, 62, 1_500_000)})`;
  await withoutIndexes(db, 'library_items', count, async () => {
    await db.execute(sql`insert into library_items (company_id, name, description, status, started_at, finished_at,
        uploader_id, created_at, updated_at)
      select ${c}, name, description, status, created - interval '2 minutes', case when status = 'FINISHED' then created end,
        u.ids[1 + g % array_length(u.ids, 1)], created, created + make_interval(mins => ${hashMod(g, 63, 50_000)})
      from (select g, ${pick(FINISHES, g, 64)} || ' ' || ${pick(MATERIAL_WORDS, g, 65)} || ' ' || ${pick(ITEM_NOUNS, g, 66)}
          || ' ' || (array['300','400','450','500','600','800','900','1200'])[1 + ${hashMod(g, 67, 8)}] || ' KX-' || lpad(g::text, 7, '0') as name,
          ${pick(COLOURS, g, 68)} || ' ' || lower(${pick(ITEM_NOUNS, g, 66)}) || ' from the ' || ${pick(COLLECTIONS, g, 69)} || ' collection' as description,
          ${status} as status, now() - ${age} as created
        from generate_series(1, ${count}) g) s,
        (select array_agg(account_id order by account_id) ids from memberships where company_id = ${c}) u`);
    await libraryLinks(db, c, count);
  });
}

/**
 * Each item in one library, a third in two, one in a hundred in none. Loaded with the counting
 * triggers off and counted once, set-based, while the items' indexes are still dropped.
 */
async function libraryLinks(db: Db, c: number, count: number): Promise<void> {
  await db.execute(sql`alter table library_item_libraries disable trigger user`);
  try {
    await withoutIndexes(db, 'library_item_libraries', count, async () => {
      const libs = sql`(select array_agg(id order by id) ids from libraries where company_id = ${c}) l`;
      await db.execute(sql`insert into library_item_libraries (company_id, library_id, library_item_id)
      select ${c}, l.ids[1 + ${hashMod(sql`i.id`, 70, 1 << 30)} % array_length(l.ids, 1)], i.id
      from library_items i, ${libs} where i.company_id = ${c} and i.id % 100 <> 0`);
      await db.execute(sql`insert into library_item_libraries (company_id, library_id, library_item_id)
      select ${c}, l.ids[1 + ${hashMod(sql`i.id`, 71, 1 << 30)} % array_length(l.ids, 1)], i.id
      from library_items i, ${libs} where i.company_id = ${c} and i.id % 3 = 0 and i.id % 100 <> 0
      on conflict do nothing`);
    });
  } finally {
    await db.execute(sql`alter table library_item_libraries enable trigger user`);
  }
  await db.execute(sql`select meshport_recount_live_libraries()`);
}

async function materialRows(db: Db, c: number, count: number): Promise<void> {
  const categories = Math.max(12, Math.round(count / 200));
  for (const [level, share] of [0.05, 0.25, 0.7].entries()) {
    const n = Math.max(3, Math.round(categories * share));
    const parent =
      level === 0
        ? sql`null::int`
        : sql`(select array_agg(id order by id) from material_categories where company_id = ${c} and parent_id ${level === 1 ? sql`is null` : sql`in (select id from material_categories where company_id = ${c} and parent_id is null)`})`;
    await db.execute(sql`insert into material_categories (company_id, parent_id, name, created_at, updated_at)
      select ${c}, ${level === 0 ? parent : sql`p.ids[1 + g % array_length(p.ids, 1)]`}, ${pick(MATERIAL_WORDS, g, 80 + level)} || ' ' || ${pick(FINISHES, g, 83 + level)} || ' ' || ${level + 1} || '.' || g,
        now() - make_interval(hours => ${hashMod(g, 86, 20000)}), now() - make_interval(hours => ${hashMod(g, 87, 2000)})
      from generate_series(1, ${n}) g, (select ${level === 0 ? sql`null::int[]` : parent} ids) p`);
  }
  const name = (key: SQL) =>
    sql`${pick(COLOURS, key, 90)} || ' ' || ${pick(MATERIAL_WORDS, key, 91)} || ' ' || ${pick(FINISHES, key, 92)} || ' MT-' || lpad((${key})::text, 6, '0')`;
  await withoutIndexes(db, 'materials', count, async () => {
    await db.execute(sql`insert into materials (company_id, name, parent_name, description, created_at, updated_at)
      select ${c}, ${name(g)}, case when g % 10 = 0 then ${name(sql`g - 1`)} end,
        'A ' || lower(${pick(FINISHES, g, 92)}) || ' ' || lower(${pick(MATERIAL_WORDS, g, 91)}) || ' for ' || lower(${pick(ROOMS, g, 93)}) || ' surfaces',
        now() - make_interval(mins => ${hashMod(g, 94, 1_500_000)}), now() - make_interval(mins => ${hashMod(g, 95, 50_000)})
      from generate_series(1, ${count}) g`);
  });
  await withoutIndexes(db, 'material_category_materials', count, async () => {
    await db.execute(sql`insert into material_category_materials (company_id, material_category_id, material_id)
      select ${c}, k.ids[1 + m.id % array_length(k.ids, 1)], m.id
      from materials m, (select array_agg(id order by id) ids from material_categories where company_id = ${c}) k
      where m.company_id = ${c}`);
    await db.execute(sql`insert into material_category_materials (company_id, material_category_id, material_id)
      select ${c}, k.ids[1 + ${hashMod(sql`m.id`, 96, 1 << 30)} % array_length(k.ids, 1)], m.id
      from materials m, (select array_agg(id order by id) ids from material_categories where company_id = ${c}) k
      where m.company_id = ${c} and m.id % 4 = 0 on conflict do nothing`);
  });
  // Loaded with the triggers off: the materials' kept category counts (migration 0017), counted once.
  await db.execute(sql`select meshport_recount_live_categories()`);
}

async function projectRows(db: Db, c: number, count: number): Promise<void> {
  await db.execute(sql`insert into projects (company_id, name, description, created_at, updated_at)
    select ${c}, ${pick(COLLECTIONS, g, 100)} || ' ' || ${pick(ROOMS, g, 101)} || ' for ' || ${pick(LAST_NAMES, g, 102)} || ' PR-' || lpad(g::text, 5, '0'),
      ${pick(COLOURS, g, 103)} || ' ' || lower(${pick(MATERIAL_WORDS, g, 104)}) || ' ' || lower(${pick(ROOMS, g, 101)}) || ' renovation',
      now() - make_interval(hours => ${hashMod(g, 105, 20000)}), now() - make_interval(mins => ${hashMod(g, 106, 100000)})
    from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into project_labels (company_id, project_id, label_id)
    select ${c}, p.id, lb.ids[1 + p.id % array_length(lb.ids, 1)]
    from projects p, (select array_agg(id order by id) ids from labels where company_id = ${c}) lb
    where p.company_id = ${c} and p.id % 2 = 0`);
  await db.execute(sql`insert into project_models (company_id, project_id, name, description, status, created_at, updated_at)
    select ${c}, p.id, ${pick(ITEM_NOUNS, sql`p.id * 4 + k`, 107)} || ' layout ' || k || ' MD-' || lpad((p.id * 4 + k)::text, 7, '0'),
      'Model ' || k || ' of ' || p.name, case when (p.id + k) % 7 = 0 then 'FAILED' else 'FINISHED' end,
      p.created_at + make_interval(hours => k), p.updated_at
    from projects p, generate_series(1, 4) k where p.company_id = ${c}`);
}

async function downloadRows(db: Db): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from downloads where file_path like 'generated/%'`,
  );
  if ((row?.n ?? 0) > 0) return;
  await db.execute(sql`insert into downloads (name, extension, file_path, size)
    select ${pick(COLLECTIONS, g, 110)} || ' ' || (array['plug-in','manual','catalogue','price list'])[1 + g % 4] || ' DL-' || g,
      (array['pdf','zip','xlsx'])[1 + g % 3], 'generated/' || g, 1000 * g
    from generate_series(1, 60) g`);
}
