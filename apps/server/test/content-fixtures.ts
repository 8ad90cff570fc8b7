import type { LibraryItemStatus, ModelStatus } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { TenantContent } from '#dev/seed/demo-content.data.ts';
import { demoCompanies } from '#dev/seed/demo-content.seed.ts';
import { libraries } from '#modules/content/libraries/library.table.ts';
import {
  libraryItemLibraries,
  libraryItems,
  projectModelLibraryItems,
} from '#modules/content/library-items/library-item.table.ts';
import {
  materialCategories,
  materialCategoryMaterials,
} from '#modules/content/material-categories/material-category.table.ts';
import { materials, projectModelMaterials } from '#modules/content/materials/material.table.ts';
import { geometryEvents, projectModels } from '#modules/content/project-models/project-model.table.ts';
import { projects } from '#modules/content/projects/project.table.ts';

/**
 * The server tests' content: the demo's models, items and materials written straight into the database,
 * in every status a test needs (records in the middle of processing, queued, still uploading), with their
 * events and SVG previews. The product's demo makes these records through the API at its first start
 * (`dev/demo/`); tests need them fixed and at once.
 */

/** Records a test finds mid-way; the others end as the demo's runs end them. */
const IN_PROGRESS: Record<string, ModelStatus> = {
  'Tall Cabinet Wall': 'PROCESSING',
  'Corner Pantry Unit': 'QUEUED',
  'Loft Galley Layout': 'UPLOADING',
  'Farmhouse Range Hood': 'PROCESSING',
  'Quartz Worktop 3m': 'PROCESSING',
  'Brass Knob': 'QUEUED',
  'Extractor Hood 90cm': 'UPLOADING',
};
/** The demo records whose file is really broken (`dev/demo/demo-catalogue.ts`). */
const FAILING = new Set(['Outdoor Grill Station', 'Sink Unit 80cm']);

function statusOf(name: string, afterwards?: 'cancel' | 'archive'): LibraryItemStatus {
  if (afterwards === 'cancel') return 'CANCELLED';
  if (afterwards === 'archive') return 'ARCHIVED';
  return IN_PROGRESS[name] ?? (FAILING.has(name) ? 'FAILED' : 'FINISHED');
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function previewSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img" aria-label="${escapeXml(name)}">
<rect width="320" height="200" fill="${color}"/>
<text x="160" y="185" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#ffffff">${escapeXml(name)}</text>
</svg>
`;
}

const PIPELINE: { step: string; message: string }[] = [
  { step: 'store', message: 'Upload stored' },
  { step: 'inspect', message: 'Inspecting geometry' },
  { step: 'convert', message: 'Converting to glTF' },
  { step: 'optimise', message: 'Optimising meshes' },
  { step: 'preview', message: 'Rendering preview' },
  { step: 'finish', message: 'Processing finished' },
];

/** The geometry events a record in `status` has written so far. */
function eventsFor(status: LibraryItemStatus, start: Date) {
  const steps =
    status === 'FINISHED'
      ? PIPELINE
      : status === 'PROCESSING'
        ? PIPELINE.slice(0, 3)
        : status === 'FAILED'
          ? [...PIPELINE.slice(0, 2), { step: 'convert', message: 'Conversion failed: the file contains no meshes' }]
          : status === 'CANCELLED'
            ? [...PIPELINE.slice(0, 1), { step: 'cancel', message: 'Processing cancelled' }]
            : status === 'QUEUED'
              ? PIPELINE.slice(0, 1)
              : [];
  return steps.map((s, i) => ({
    ...s,
    status: (i === steps.length - 1 ? status : 'PROCESSING') as LibraryItemStatus,
    createdAt: new Date(start.getTime() + (i + 1) * 40_000),
  }));
}

const timing = (status: LibraryItemStatus, created: Date) => ({
  startedAt: ['UPLOADING', 'QUEUED'].includes(status) ? null : new Date(created.getTime() + 60_000),
  finishedAt: ['FINISHED', 'FAILED', 'CANCELLED', 'ARCHIVED'].includes(status)
    ? new Date(created.getTime() + 5 * 60_000)
    : null,
});

const PALETTE = ['#B4441C', '#275953', '#634196', '#1c7ed6', '#a0522d', '#2f9e44', '#495057'];

const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.name, row.id]));

function must<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`content fixtures: unknown reference "${key}"`);
  return value;
}

async function seedTenant(tx: Db, companyId: number, accountIds: Map<string, number>, content: TenantContent) {
  const previews: [string, string][] = [];
  const preview = (kind: string, id: number, name: string) => {
    const key = `companies/${companyId}/previews/${kind}/${id}.svg`;
    previews.push([key, previewSvg(name, PALETTE[id % PALETTE.length] as string)]);
    return key;
  };
  const uploader = accountIds.get('editor') ?? accountIds.get('globex-editor') ?? null;
  const projectIds = byName(
    await tx.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.companyId, companyId)),
  );
  const libraryIds = byName(
    await tx
      .select({ id: libraries.id, name: libraries.name })
      .from(libraries)
      .where(eq(libraries.companyId, companyId)),
  );
  const categoryIds = byName(
    await tx
      .select({ id: materialCategories.id, name: materialCategories.name })
      .from(materialCategories)
      .where(eq(materialCategories.companyId, companyId)),
  );
  for (const [name, id] of projectIds) {
    await tx
      .update(projects)
      .set({ previewImagePath: preview('projects', id, name) })
      .where(sql`${projects.id} = ${id}`);
  }
  for (const [name, id] of libraryIds) {
    await tx
      .update(libraries)
      .set({ previewImagePath: preview('libraries', id, name) })
      .where(sql`${libraries.id} = ${id}`);
  }
  for (const [name, id] of categoryIds) {
    await tx
      .update(materialCategories)
      .set({ previewImagePath: preview('material-categories', id, name) })
      .where(sql`${materialCategories.id} = ${id}`);
  }

  const modelIds = new Map<string, number>();
  for (const [i, m] of content.models.entries()) {
    const created = ago(240 - i * 11);
    const status = statusOf(m.name) as ModelStatus;
    const [row] = await tx
      .insert(projectModels)
      .values({
        companyId,
        projectId: must(projectIds, m.project),
        name: m.name,
        description: `${m.name} for ${m.project}.`,
        status,
        uploaderId: uploader,
        ...timing(status, created),
        createdAt: created,
        updatedAt: ago(200 - i * 9),
        deletedAt: m.deletedDaysAgo ? daysAgo(m.deletedDaysAgo) : null,
      })
      .returning({ id: projectModels.id });
    const id = row?.id as number;
    modelIds.set(m.name, id);
    if (status !== 'UPLOADING') {
      await tx
        .update(projectModels)
        .set({ previewImagePath: preview('models', id, m.name) })
        .where(sql`${projectModels.id} = ${id}`);
    }
    const events = eventsFor(status, created);
    if (events.length) {
      await tx
        .insert(geometryEvents)
        .values(events.map((e) => ({ companyId, subjectKind: 'project_model' as const, subjectId: id, ...e })));
    }
  }

  for (const [i, item] of content.items.entries()) {
    const created = ago(360 - i * 17);
    const status = statusOf(item.name, item.afterwards);
    const [row] = await tx
      .insert(libraryItems)
      .values({
        companyId,
        name: item.name,
        description: `${item.name}, ready for rendering.`,
        status,
        uploaderId: uploader,
        ...timing(status, created),
        createdAt: created,
        updatedAt: ago(180 - i * 8),
        deletedAt: item.deletedDaysAgo ? daysAgo(item.deletedDaysAgo) : null,
      })
      .returning({ id: libraryItems.id });
    const id = row?.id as number;
    if (status !== 'UPLOADING') {
      await tx
        .update(libraryItems)
        .set({ previewImagePath: preview('items', id, item.name) })
        .where(sql`${libraryItems.id} = ${id}`);
    }
    for (const library of item.libraries) {
      await tx
        .insert(libraryItemLibraries)
        .values({ companyId, libraryId: must(libraryIds, library), libraryItemId: id });
    }
    for (const model of item.usedBy ?? []) {
      await tx
        .insert(projectModelLibraryItems)
        .values({ companyId, projectModelId: must(modelIds, model), libraryItemId: id });
    }
    const events = eventsFor(status === 'ARCHIVED' ? 'FINISHED' : status, created);
    if (events.length) {
      await tx
        .insert(geometryEvents)
        .values(events.map((e) => ({ companyId, subjectKind: 'library_item' as const, subjectId: id, ...e })));
    }
  }

  for (const [i, m] of content.materials.entries()) {
    const [row] = await tx
      .insert(materials)
      .values({
        companyId,
        name: m.name,
        parentName: m.parent ?? null,
        description: m.parent ? `Variant of ${m.parent}.` : `${m.name} finish.`,
        status: m.status ?? 'active',
        activeVersionCreatorId: uploader,
        createdAt: ago(320 - i * 12),
        updatedAt: ago(170 - i * 4),
        deletedAt: m.deletedDaysAgo ? daysAgo(m.deletedDaysAgo) : null,
      })
      .returning({ id: materials.id });
    const id = row?.id as number;
    await tx
      .update(materials)
      .set({ previewImagePath: preview('materials', id, m.name) })
      .where(sql`${materials.id} = ${id}`);
    for (const category of m.categories) {
      await tx
        .insert(materialCategoryMaterials)
        .values({ companyId, materialCategoryId: must(categoryIds, category), materialId: id });
    }
    for (const model of m.usedBy ?? []) {
      await tx
        .insert(projectModelMaterials)
        .values({ companyId, projectModelId: must(modelIds, model), materialId: id });
    }
  }
  return previews;
}

/** After the demo seed: the models, items and materials of Acme and Globex, as the tests expect them. */
export async function seedContentFixtures(database: Database, storage: FileStorage): Promise<void> {
  const { accountIds, companies } = await demoCompanies(database);
  for (const { company, content } of companies) {
    const previews = await database.tenant({ companyId: company.id }, (tx) =>
      seedTenant(tx, company.id, accountIds, content),
    );
    for (const [key, svg] of previews) await storage.put(key, svg);
  }
}
