import { libraryItemEndpoints, materialEndpoints, projectModelEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { ACME, GLOBEX, type TenantContent } from '#dev/seed/demo-content.data.ts';
import { DEMO_PENDING_KEY } from '#dev/seed/demo-content.seed.ts';
import { DEMO_PASSWORD } from '#dev/seed/demo-seed.ts';
import { demoFile, demoMaterialMaps, forgetDemoFiles } from './demo-catalogue.ts';
import { type DemoSession, signIn } from './demo-client.ts';
import { linkDemoContent, showContentPreviews } from './demo-finish.ts';
import { type DemoRecord, recordsOf, waitUntilProcessed } from './demo-progress.ts';
import { configureDemoSlots } from './demo-slots.ts';

export interface DemoLoaderOptions {
  /** Where the server answers (`http://127.0.0.1:8080`). */
  baseUrl: string;
  baseDomain: string;
  database: Database;
  storage: FileStorage;
  log: (message: string, details?: Record<string, unknown>) => void;
}

const TENANTS: { subDomain: string; editor: string; content: TenantContent }[] = [
  { subDomain: 'acme', editor: 'editor', content: ACME },
  { subDomain: 'globex', editor: 'globex-editor', content: GLOBEX },
];

/** Whether the seed left demo content to be made at this start (a first start, or one that was stopped midway). */
export const demoPending = (storage: FileStorage) => storage.exists(DEMO_PENDING_KEY);

/**
 * Makes the demo's models, items and materials as a person would, through the running server's API:
 * each demo file (generated in code, `demo-catalogue.ts`) is uploaded with tus and becomes a model or
 * an item, whose run goes through every step of the pipeline; materials are created with their maps and
 * get their sphere previews from the same jobs as anyone's. Then it waits for every run, prints the
 * progress, and does what the demo data says afterwards (cancel, archive, delete, link), and shows
 * each project, library and category with a preview of its content.
 *
 * Resumable: a record that exists already (by name) is not made again, and the pending mark is removed
 * only at the end, so a start that was stopped midway carries on at the next.
 */
export async function loadDemo(options: DemoLoaderOptions): Promise<void> {
  const started = Date.now();
  const companies = await queryRows<{ id: number; sub_domain: string }>(
    options.database.system,
    sql`select id, sub_domain from companies where sub_domain in ('acme', 'globex')`,
  );
  const records: DemoRecord[] = [];
  const sessions = new Map<number, DemoSession>();
  for (const tenant of TENANTS) {
    const company = companies.find((row) => row.sub_domain === tenant.subDomain);
    if (!company) continue;
    const host = `hatch-${tenant.subDomain}.${options.baseDomain}`;
    const session = await signIn(options.baseUrl, host, tenant.editor, DEMO_PASSWORD);
    sessions.set(company.id, session);
    const existing = await recordsOf(options.database, company.id);
    records.push(...(await makeRecords(options.database, company.id, session, tenant.content, existing)));
  }
  forgetDemoFiles();
  options.log(`Demo: processing ${records.length} models, items and materials`);
  await waitUntilProcessed(options.database, records, (done, total) =>
    options.log(`Demo: ${done} of ${total} processed`),
  );
  for (const tenant of TENANTS) {
    const company = companies.find((row) => row.sub_domain === tenant.subDomain);
    const session = company && sessions.get(company.id);
    if (!company || !session) continue;
    const companyRecords = records.filter((record) => record.companyId === company.id);
    await afterProcessing(session, companyRecords, tenant.content);
    await configureDemoSlots(session, companyRecords, options.log);
    await linkDemoContent(options.database, company.id, tenant.content);
    await showContentPreviews(options.database, session, company.id);
  }
  await options.storage.remove(DEMO_PENDING_KEY);
  const failed = records.filter((record) => record.status === 'FAILED').map((record) => record.name);
  options.log(`Demo ready: ${records.length} records processed in ${((Date.now() - started) / 1000).toFixed(1)} s`, {
    failedOnPurpose: failed,
  });
}

async function makeRecords(
  database: Database,
  companyId: number,
  session: DemoSession,
  content: TenantContent,
  existing: Map<string, DemoRecord>,
): Promise<DemoRecord[]> {
  const made: DemoRecord[] = [];
  const ids = await namedIds(database, companyId);
  // Base materials before their variants; each with its maps as uploads.
  const materials = [...content.materials].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
  for (const material of materials) {
    const known = existing.get(`material:${material.name}`);
    if (known) {
      made.push(known);
      continue;
    }
    const maps = await demoMaterialMaps(material.name);
    const kinds = material.parent
      ? (['base_color'] as const)
      : (['base_color', 'normal', 'roughness', 'metallic'] as const);
    const uploads: Partial<Record<(typeof kinds)[number], string>> = {};
    for (const kind of kinds) {
      const image = maps[kind];
      if (image) uploads[kind] = await session.upload(`${slug(material.name)}-${kind}.png`, image);
    }
    await session.api.call(materialEndpoints.create, {
      body: {
        name: material.name,
        description: material.parent ? `Variant of ${material.parent}.` : `${material.name} finish.`,
        categories: material.categories.map((name) => must(ids.categories, name)),
        ...(material.parent ? { parent_name: material.parent } : {}),
        maps: uploads,
      },
    });
    made.push({ kind: 'material', companyId, id: null, name: material.name, status: 'QUEUED' });
  }
  for (const model of content.models) {
    const key = `model:${model.name}`;
    const known = existing.get(key);
    if (known) {
      made.push(known);
      continue;
    }
    const file = await demoFile(model.name);
    const uploadId = await session.upload(file.fileName, file.bytes);
    const answer = await session.api.call(projectModelEndpoints.create, {
      body: {
        name: model.name,
        description: `${model.name} for ${model.project}.`,
        project_id: must(ids.projects, model.project),
        upload_id: uploadId,
      },
    });
    made.push({ kind: 'model', companyId, id: answer.data.id as number, name: model.name, status: 'QUEUED' });
  }
  for (const item of content.items) {
    const known = existing.get(`item:${item.name}`);
    if (known) {
      made.push(known);
      continue;
    }
    const file = await demoFile(item.name);
    const uploadId = await session.upload(file.fileName, file.bytes);
    const answer = await session.api.call(libraryItemEndpoints.create, {
      body: {
        name: item.name,
        description: `${item.name}, ready for rendering.`,
        libraries: item.libraries.map((name) => must(ids.libraries, name)),
        upload_id: uploadId,
      },
    });
    const id = answer.data.id as number;
    // Cancelled while it waits its turn: the runs queued before it keep the single converter busy.
    if (item.afterwards === 'cancel') await session.api.call(libraryItemEndpoints.cancel, { params: { id } });
    made.push({ kind: 'item', companyId, id, name: item.name, status: 'QUEUED' });
  }
  return made;
}

/** Archive and delete as the demo data says, now that the runs have ended. */
async function afterProcessing(session: DemoSession, records: DemoRecord[], content: TenantContent): Promise<void> {
  const record = (kind: DemoRecord['kind'], name: string) => records.find((r) => r.kind === kind && r.name === name);
  for (const item of content.items) {
    const found = record('item', item.name);
    if (found?.id == null) continue;
    if (item.afterwards === 'archive' && found.status === 'FINISHED') {
      await session.api.call(libraryItemEndpoints.update, { params: { id: found.id }, body: { archived: true } });
    }
    if (item.deletedDaysAgo) await session.api.call(libraryItemEndpoints.delete, { params: { id: found.id } });
  }
  for (const model of content.models) {
    const found = record('model', model.name);
    if (found?.id != null && model.deletedDaysAgo)
      await session.api.call(projectModelEndpoints.delete, { params: { id: found.id } });
  }
  for (const material of content.materials) {
    const found = record('material', material.name);
    if (!found) continue;
    if (material.status === 'inactive' || material.status === 'archived') {
      await session.api.call(materialEndpoints.update, { params: { name: material.name }, body: { archived: true } });
    }
    if (material.deletedDaysAgo) await session.api.call(materialEndpoints.delete, { params: { name: material.name } });
  }
}

async function namedIds(database: Database, companyId: number) {
  const rows = (table: 'projects' | 'libraries' | 'material_categories') =>
    queryRows<{ id: number; name: string }>(
      database.system,
      sql`select id, name from ${sql.identifier(table)} where company_id = ${companyId} and deleted_at is null`,
    ).then((found) => new Map(found.map((row) => [row.name, row.id])));
  return {
    projects: await rows('projects'),
    libraries: await rows('libraries'),
    categories: await rows('material_categories'),
  };
}

function must(map: Map<string, number>, name: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`demo content: unknown reference "${name}"`);
  return id;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
