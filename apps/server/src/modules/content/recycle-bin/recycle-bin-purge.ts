import { CONTENT_RESOURCES, type ContentResource, RESTORE_WINDOW_DAYS } from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { variantsCacheFolder } from '#modules/content/project-models/project-model-variants.service.ts';
import { ids } from '#modules/content/shared/content-writes.ts';

/** The recycle-bin kinds (administration.md §2, the bin's tabs) and the list resource each refreshes. */
export const BIN_KINDS = {
  projects: 'projects',
  project_models: 'models',
  libraries: 'libraries',
  library_items: 'items',
  material_categories: 'categories',
  materials: 'materials',
} as const satisfies Record<string, ContentResource>;
export type BinKind = keyof typeof BIN_KINDS;

/** Records whose window ran out taken per kind and transaction; a company with more takes several. */
export const PURGE_BATCH = 500;

/** The tables holding stored file keys of these kinds (each record owns its files). */
const FILE_TABLES = Object.keys(BIN_KINDS) as BinKind[];

export interface PurgeOutcome {
  /** Records hard-deleted per kind, over every company (cascades included). */
  purged: Record<BinKind, number>;
  /** Stored files removed. */
  files: number;
  /** Companies that had something to purge. */
  companies: number[];
}

interface PurgeServices {
  database: Database;
  storage: FileStorage;
  /** Told which lists changed, per company with purged records (the live refresh). */
  changed?: (companyId: number, resources: ContentResource[]) => void;
  log?: { warn(details: Record<string, unknown>, msg: string): void };
}

const expired = sql`deleted_at < now() - make_interval(days => ${RESTORE_WINDOW_DAYS})`;

/** A tree's expired records (a batch of them) and everything beneath them, in or out of the bin. */
const treeClosure = (table: string) => {
  const t = sql.raw(table);
  return sql`(with recursive doomed(id) as (
      (select id from ${t} where ${expired} order by deleted_at, id limit ${PURGE_BATCH})
      union
      select c.id from ${t} c join doomed d on c.parent_id = d.id)
    select id from doomed)`;
};

/** Expired materials (a batch) and their variants at any depth, which go with them by cascade. */
const materialClosure = sql`(with recursive doomed(id, name) as (
    (select id, name from materials where ${expired} order by deleted_at, id limit ${PURGE_BATCH})
    union
    select m.id, m.name from materials m join doomed d on m.parent_name = d.name)
  select id from doomed)`;

const expiredBatch = (table: string) =>
  sql`(select id from ${sql.raw(table)} where ${expired} order by deleted_at, id limit ${PURGE_BATCH})`;

/**
 * Hard-deletes what has been in the recycling bin longer than the restore window (spec: trashed
 * entries are restorable for 30 days, administration.md §4), company by company in tenant
 * transactions, and removes the deleted records' stored files once the transaction has committed.
 * Records that go by cascade (the models of a purged project, the sub-records of a purged tree, the
 * variants of a purged material) are deleted explicitly first, so that their files are known too.
 */
export async function purgeRecycleBin(services: PurgeServices, signal?: AbortSignal): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = {
    purged: Object.fromEntries(FILE_TABLES.map((kind) => [kind, 0])) as Record<BinKind, number>,
    files: 0,
    companies: [],
  };
  const companies = await queryRows<{ id: number }>(
    services.database.system,
    sql`select id from companies order by id`,
  );
  for (const { id: companyId } of companies) {
    const kinds = new Set<BinKind>();
    for (;;) {
      signal?.throwIfAborted();
      const batch = await services.database.tenant({ companyId }, (tx) => purgeBatch(tx));
      if (batch.paths.length > 0) outcome.files += await removeFiles(services, batch.paths);
      await removeFolders(services, batch.folders);
      const total = Object.values(batch.counts).reduce((sum, n) => sum + n, 0);
      if (total === 0) break;
      for (const kind of FILE_TABLES) {
        outcome.purged[kind] += batch.counts[kind];
        if (batch.counts[kind] > 0) kinds.add(kind);
      }
    }
    if (kinds.size > 0) {
      outcome.companies.push(companyId);
      const resources = CONTENT_RESOURCES.filter((resource) => [...kinds].some((kind) => BIN_KINDS[kind] === resource));
      services.changed?.(companyId, resources);
    }
  }
  return outcome;
}

/**
 * One transaction: a batch of each kind, deleted; answers the counts, the files no record holds any more and the
 * folders of files made from the deleted records (a model's finishes exports).
 */
async function purgeBatch(tx: Db): Promise<{ counts: Record<BinKind, number>; paths: string[]; folders: string[] }> {
  const paths: string[] = [];
  const folders: string[] = [];
  const counts = {} as Record<BinKind, number>;
  const remove = async (kind: BinKind, where: SQL) => {
    const rows = await queryRows<{ path: string | null }>(
      tx,
      sql`delete from ${sql.raw(kind)} where ${where} returning preview_image_path as path`,
    );
    counts[kind] = rows.length;
    for (const row of rows) if (row.path) paths.push(row.path);
  };
  const events = (kind: 'project_model' | 'library_item', subjects: SQL) =>
    tx.execute(sql`delete from geometry_events where subject_kind = ${kind} and subject_id in ${subjects}`);
  // Processed records (issue 11) hold their web-ready GLB and their original, an upload that counts in the quota.
  const processedFiles = async (table: 'project_models' | 'library_items', where: SQL) => {
    const rows = await queryRows<{
      id: number;
      company_id: number;
      glb_key: string | null;
      lite_glb_key: string | null;
      original_key: string | null;
      upload_id: string | null;
    }>(
      tx,
      sql`select id, company_id, glb_key, lite_glb_key, original_key, upload_id from ${sql.raw(table)} where ${where}`,
    );
    for (const row of rows) {
      for (const key of [row.glb_key, row.lite_glb_key, row.original_key]) if (key) paths.push(key);
    }
    if (table === 'project_models') for (const row of rows) folders.push(variantsCacheFolder(row.company_id, row.id));
    const uploadIds = rows.map((row) => row.upload_id).filter((id): id is string => !!id);
    if (uploadIds.length > 0) await tx.execute(sql`delete from uploads where id in ${ids(uploadIds)}`);
  };

  // Projects first with their models, expired or under a purged project (geometry events have no foreign key).
  const doomedProjects = await queryRows<{ id: number }>(tx, sql`select id from ${treeClosure('projects')} p`);
  const projectIds = doomedProjects.map((row) => row.id);
  const models = sql`(select id from project_models where ${expired}${
    projectIds.length > 0 ? sql` or project_id in ${ids(projectIds)}` : sql``
  })`;
  await events('project_model', models);
  await processedFiles('project_models', sql`id in ${models}`);
  await remove('project_models', sql`id in ${models}`);
  await remove('projects', projectIds.length > 0 ? sql`id in ${ids(projectIds)}` : sql`false`);

  await remove('libraries', sql`id in ${treeClosure('libraries')}`);
  const items = expiredBatch('library_items');
  const itemIds = (await queryRows<{ id: number }>(tx, sql`select id from ${items} i`)).map((row) => row.id);
  if (itemIds.length > 0) {
    await events('library_item', ids(itemIds));
    await processedFiles('library_items', sql`id in ${ids(itemIds)}`);
  }
  await remove('library_items', itemIds.length > 0 ? sql`id in ${ids(itemIds)}` : sql`false`);

  await remove('material_categories', sql`id in ${treeClosure('material_categories')}`);
  // A material also owns its PBR map files (`maps`: kind → {key, …}).
  const materialIds = (await queryRows<{ id: number }>(tx, sql`select id from ${materialClosure} m`)).map((r) => r.id);
  if (materialIds.length > 0) {
    const maps = await queryRows<{ key: string }>(
      tx,
      sql`select value->>'key' as key from materials, jsonb_each(maps) where id in ${ids(materialIds)}`,
    );
    for (const row of maps) if (row.key) paths.push(row.key);
  }
  await remove('materials', materialIds.length > 0 ? sql`id in ${ids(materialIds)}` : sql`false`);

  return { counts, paths: await unreferenced(tx, [...new Set(paths)]), folders };
}

/** Of these file keys, those no remaining record of any kind holds (a file is never taken from a live record). */
async function unreferenced(tx: Db, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const held = new Set<string>();
  for (let start = 0; start < paths.length; start += PURGE_BATCH) {
    const chunk = ids(paths.slice(start, start + PURGE_BATCH));
    for (const table of FILE_TABLES) {
      const rows = await queryRows<{ path: string }>(
        tx,
        sql`select preview_image_path as path from ${sql.raw(table)} where preview_image_path in ${chunk}`,
      );
      for (const row of rows) held.add(row.path);
    }
  }
  return paths.filter((path) => !held.has(path));
}

/** After the commit, as `removeFiles`: a folder that cannot be removed is logged and left. */
async function removeFolders(services: PurgeServices, folders: string[]): Promise<void> {
  for (const folder of folders) {
    try {
      await services.storage.removeFolder(folder);
    } catch (error) {
      services.log?.warn(
        { folder, err: error instanceof Error ? error.message : String(error) },
        'purged folder not removed',
      );
    }
  }
}

/** After the commit: a file that cannot be removed is logged and left (the record is gone either way). */
async function removeFiles(services: PurgeServices, paths: string[]): Promise<number> {
  let removed = 0;
  for (const path of paths) {
    try {
      await services.storage.remove(path);
      removed += 1;
    } catch (error) {
      services.log?.warn(
        { path, err: error instanceof Error ? error.message : String(error) },
        'purged file not removed',
      );
    }
  }
  return removed;
}
