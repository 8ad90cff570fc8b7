import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { PNG, writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { recycleBinPurgeJob, scheduleRecycleBinPurge } from './recycle-bin-purge.job.ts';
import { purgeRecycleBin } from './recycle-bin-purge.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('the recycle-bin purge', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);
  const rows = async <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(t.database.system, query);
  const one = async (table: string, name: string) => {
    const [row] = await rows<{ id: number; path: string | null }>(
      sql`select id, preview_image_path as path from ${sql.raw(table)} where name = ${name}`,
    );
    if (!row) throw new Error(`no ${table} ${name}`);
    return row;
  };
  const binFor = (table: string, ids: number[], days: number) =>
    t.database.system.execute(
      sql`update ${sql.raw(table)} set deleted_at = now() - make_interval(days => ${days})
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
  const exists = async (table: string, id: number) =>
    (await rows(sql`select 1 from ${sql.raw(table)} where id = ${id}`)).length === 1;
  const globexCounts = () =>
    rows<{ kind: string; n: number }>(sql`select kind, n from (
      select 'projects' as kind, count(*)::int as n from projects p join companies c on c.id = p.company_id where c.sub_domain = 'globex'
      union all select 'models', count(*)::int from project_models m join companies c on c.id = m.company_id where c.sub_domain = 'globex'
      union all select 'libraries', count(*)::int from libraries l join companies c on c.id = l.company_id where c.sub_domain = 'globex'
      union all select 'items', count(*)::int from library_items i join companies c on c.id = i.company_id where c.sub_domain = 'globex'
      union all select 'materials', count(*)::int from materials x join companies c on c.id = x.company_id where c.sub_domain = 'globex'
      union all select 'events', count(*)::int from geometry_events g join companies c on c.id = g.company_id where c.sub_domain = 'globex'
    ) k order by kind`);

  it('hard-deletes, once an hour whichever process asks, every kind binned over 30 days ago with its files', async () => {
    // A project tree deleted through the API, with a preview on the child and a model under it.
    const root = (await c.send('POST', '/v2/projects', { name: 'Purge Root' })).body.data.id as number;
    const child = (
      await c.upload('/v2/projects', [
        ['name', 'Purge Child'],
        ['parent_id', String(root)],
        ['preview_image', new Blob([PNG]), 'child.png'],
      ])
    ).body.data.id as number;
    const [model] = await rows<{ id: number; company_id: number }>(
      sql`insert into project_models (company_id, project_id, name, status, preview_image_path, glb_key, lite_glb_key)
        select company_id, id, 'Purge Model', 'FINISHED', 'companies/purge-test/model.png',
          'companies/purge-test/model.glb', 'companies/purge-test/model-lite.glb' from projects where id = ${child}
        returning id, company_id`,
    );
    const modelId = model?.id as number;
    await t.services.storage.put('companies/purge-test/model.png', PNG);
    // Its web-ready GLB and the light version of it (issue 30) go with it.
    await t.services.storage.put('companies/purge-test/model.glb', PNG);
    await t.services.storage.put('companies/purge-test/model-lite.glb', PNG);
    await t.database.system.execute(sql`insert into geometry_events (company_id, subject_kind, subject_id, step, message, status)
      values (${model?.company_id as number}, 'project_model', ${modelId}, 'store', 'Upload stored', 'FINISHED')`);
    expect((await c.send('DELETE', `/v2/projects/${root}`)).body.sub_projects).toBe(1);
    await binFor('projects', [root, child], 31);
    await binFor('project_models', [modelId], 31);

    const cancelled = await one('projects', 'Cancelled Pop-up Kitchen');
    const appliances = await Promise.all(['Appliances', 'Ovens', 'Cooktops'].map((name) => one('libraries', name)));
    await binFor(
      'libraries',
      appliances.map((row) => row.id),
      31,
    );
    const oldSamples = await one('libraries', 'Old Samples');
    const plinth = await one('library_items', 'Legacy Plinth');
    await binFor('library_items', [plinth.id], 31);
    const laminates = await one('material_categories', 'Laminates (old)');
    await binFor('material_categories', [laminates.id], 31);
    const materials = [await one('materials', 'Old Pine'), await one('materials', 'Laminate Beige')];
    await binFor('materials', [materials[1]?.id as number], 31);
    // A material's PBR maps are its files too.
    const mapKey = 'companies/purge-test/old-pine-base_color.webp';
    await t.services.storage.put(mapKey, PNG);
    await t.database.system.execute(
      sql`update materials set maps = ${JSON.stringify({ base_color: { key: mapKey, width: 1, height: 1 } })}::jsonb
        where id = ${materials[0]?.id as number}`,
    );
    const childPath = (await one('projects', 'Purge Child')).path as string;

    // Within the window: kept, with their files.
    const showroom = await one('projects', 'Old Showroom 2023');
    await binFor('projects', [showroom.id], 29);
    const draft = await one('project_models', 'Draft Island v1');
    const archive = await one('projects', 'Globex Archive Room');
    await binFor('projects', [archive.id], 29);
    // A live record holding the same file as a purged one keeps it.
    const harbour = await one('projects', 'Harbour Loft Renovation');
    await t.database.system.execute(
      sql`update projects set preview_image_path = ${cancelled.path} where id = ${harbour.id}`,
    );
    const globexBefore = await globexCounts();

    const doomedFiles = [
      childPath,
      'companies/purge-test/model.png',
      'companies/purge-test/model.glb',
      'companies/purge-test/model-lite.glb',
      mapKey,
      oldSamples.path,
      plinth.path,
      laminates.path,
    ]
      .concat(
        appliances.map((row) => row.path),
        materials.map((row) => row.path),
      )
      .filter((path): path is string => path !== null);
    for (const path of doomedFiles) expect(await t.services.storage.exists(path), path).toBe(true);

    const stop = scheduleRecycleBinPurge(t.services.jobs, { warn: () => {} }, 100);
    await sleep(600);
    stop();
    const asked = await rows<{ id: string }>(
      sql`select id::text as id from pgboss.job where name = ${recycleBinPurgeJob.name}`,
    );
    expect(asked).toHaveLength(1);
    const done = await until(async () => {
      const job = await t.services.jobs.get(recycleBinPurgeJob.name, asked[0]?.id as string);
      return job?.state === 'completed' && job;
    });
    expect(done.output).toMatchObject({
      purged: {
        projects: 3,
        project_models: 1,
        libraries: 4,
        library_items: 1,
        material_categories: 1,
        materials: 2,
      },
    });

    for (const id of [root, child, cancelled.id]) expect(await exists('projects', id)).toBe(false);
    expect(await exists('project_models', modelId)).toBe(false);
    const events = await rows(
      sql`select 1 from geometry_events where subject_kind = 'project_model' and subject_id = ${modelId}`,
    );
    expect(events).toHaveLength(0);
    for (const row of [...appliances, oldSamples]) expect(await exists('libraries', row.id)).toBe(false);
    expect(await exists('library_items', plinth.id)).toBe(false);
    expect(await exists('material_categories', laminates.id)).toBe(false);
    for (const row of materials) expect(await exists('materials', row.id)).toBe(false);
    for (const path of doomedFiles) expect(await t.services.storage.exists(path), path).toBe(false);

    // Items of a purged library stay (without that library); records within the window stay.
    const oven = await one('library_items', 'Built-in Oven 60cm');
    expect((await c.get(`/v2/libraries/items/${oven.id}`)).status).toBe(200);
    for (const [table, row] of [
      ['projects', showroom],
      ['project_models', draft],
      ['projects', archive],
      ['projects', harbour],
    ] as const) {
      expect(await exists(table, row.id), `${table} ${row.id}`).toBe(true);
    }
    for (const path of [showroom.path, draft.path, archive.path, cancelled.path]) {
      expect(await t.services.storage.exists(path as string), path as string).toBe(true);
    }
    expect((await c.send('POST', `/v2/projects/${showroom.id}/restore`)).status).toBe(200);
    expect(await globexCounts()).toEqual(globexBefore);

    // Nothing left to purge: a second run changes nothing and tells no list to refresh.
    const changed: number[] = [];
    const again = await purgeRecycleBin({
      database: t.database,
      storage: t.services.storage,
      changed: (companyId) => changed.push(companyId),
    });
    expect(Object.values(again.purged).every((n) => n === 0)).toBe(true);
    expect(again.files).toBe(0);
    expect(changed).toEqual([]);
  });

  it('asks for the job once per slot across processes (a second ask in the slot adds none)', async () => {
    const slot = { key: 'purge-slot-test', seconds: 3600 };
    const first = await t.services.jobs.enqueueOncePer(recycleBinPurgeJob.name, {}, slot);
    const second = await t.services.jobs.enqueueOncePer(recycleBinPurgeJob.name, {}, slot);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBeNull();
    await until(
      async () => (await t.services.jobs.get(recycleBinPurgeJob.name, first as string))?.state === 'completed',
    );
  });
});

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}
