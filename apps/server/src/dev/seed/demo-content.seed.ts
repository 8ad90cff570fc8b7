import type { LibraryItemStatus } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { libraries, libraryLabels } from '#modules/content/libraries/library.table.ts';
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
import { projectFavorites, projectLabels, projects, projectUsers } from '#modules/content/projects/project.table.ts';
import { labels } from '#modules/tools/labels/label.table.ts';
import { ACME, GLOBEX, type TenantContent } from './demo-content.data.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A fixed moment `hoursAgo` before the seed runs: distinct times keep every sort observable. */
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function previewSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img" aria-label="${escapeXml(name)}">
<rect width="320" height="200" fill="${color}"/>
<path d="M60 150 L160 60 L260 150 Z" fill="#ffffff" fill-opacity="0.35"/>
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

function must<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo content: unknown reference "${key}"`);
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

  const labelIds = new Map<string, number>();
  for (const [i, [name, color]] of content.labels.entries()) {
    const [row] = await tx
      .insert(labels)
      .values({ companyId, name, color, createdAt: ago(400 - i * 10), updatedAt: ago(300 - i * 10) })
      .returning({ id: labels.id });
    labelIds.set(name, row?.id as number);
  }

  const projectIds = new Map<string, number>();
  for (const [i, p] of content.projects.entries()) {
    const created = ago(500 - i * 20);
    const [row] = await tx
      .insert(projects)
      .values({
        companyId,
        name: p.name,
        description: p.description,
        status: p.status ?? 'active',
        parentId: p.parent ? must(projectIds, p.parent) : null,
        createdAt: created,
        updatedAt: ago(100 - i * 7),
        deletedAt: p.deletedDaysAgo ? daysAgo(p.deletedDaysAgo) : null,
      })
      .returning({ id: projects.id });
    const id = row?.id as number;
    projectIds.set(p.name, id);
    await tx
      .update(projects)
      .set({ previewImagePath: preview('projects', id, p.name) })
      .where(sql`${projects.id} = ${id}`);
    for (const label of p.labels ?? []) {
      await tx.insert(projectLabels).values({ companyId, projectId: id, labelId: must(labelIds, label) });
    }
    for (const member of p.members ?? []) {
      await tx.insert(projectUsers).values({ companyId, projectId: id, accountId: must(accountIds, member) });
    }
    for (const fan of p.favoriteOf ?? []) {
      await tx.insert(projectFavorites).values({ companyId, projectId: id, accountId: must(accountIds, fan) });
    }
  }

  const modelIds = new Map<string, number>();
  for (const [i, m] of content.models.entries()) {
    const created = ago(240 - i * 11);
    const [row] = await tx
      .insert(projectModels)
      .values({
        companyId,
        projectId: must(projectIds, m.project),
        name: m.name,
        description: `${m.name} for ${m.project}.`,
        status: m.status,
        uploaderId: uploader,
        ...timing(m.status, created),
        createdAt: created,
        updatedAt: ago(200 - i * 9),
        deletedAt: m.deletedDaysAgo ? daysAgo(m.deletedDaysAgo) : null,
      })
      .returning({ id: projectModels.id });
    const id = row?.id as number;
    modelIds.set(m.name, id);
    if (m.status !== 'UPLOADING') {
      await tx
        .update(projectModels)
        .set({ previewImagePath: preview('models', id, m.name) })
        .where(sql`${projectModels.id} = ${id}`);
    }
    const events = eventsFor(m.status, created);
    if (events.length) {
      await tx
        .insert(geometryEvents)
        .values(events.map((e) => ({ companyId, subjectKind: 'project_model' as const, subjectId: id, ...e })));
    }
  }

  const libraryIds = new Map<string, number>();
  for (const [i, l] of content.libraries.entries()) {
    const [row] = await tx
      .insert(libraries)
      .values({
        companyId,
        name: l.name,
        description: `${l.name} for made-to-measure kitchens.`,
        status: l.status ?? 'active',
        parentId: l.parent ? must(libraryIds, l.parent) : null,
        createdAt: ago(600 - i * 13),
        updatedAt: ago(150 - i * 6),
        deletedAt: l.deletedDaysAgo ? daysAgo(l.deletedDaysAgo) : null,
      })
      .returning({ id: libraries.id });
    const id = row?.id as number;
    libraryIds.set(l.name, id);
    await tx
      .update(libraries)
      .set({ previewImagePath: preview('libraries', id, l.name) })
      .where(sql`${libraries.id} = ${id}`);
    for (const label of l.labels ?? []) {
      await tx.insert(libraryLabels).values({ companyId, libraryId: id, labelId: must(labelIds, label) });
    }
  }

  for (const [i, item] of content.items.entries()) {
    const created = ago(360 - i * 17);
    const [row] = await tx
      .insert(libraryItems)
      .values({
        companyId,
        name: item.name,
        description: `${item.name}, ready for rendering.`,
        status: item.status,
        uploaderId: uploader,
        ...timing(item.status, created),
        createdAt: created,
        updatedAt: ago(180 - i * 8),
        deletedAt: item.deletedDaysAgo ? daysAgo(item.deletedDaysAgo) : null,
      })
      .returning({ id: libraryItems.id });
    const id = row?.id as number;
    if (item.status !== 'UPLOADING') {
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
    const events = eventsFor(item.status === 'ARCHIVED' ? 'FINISHED' : item.status, created);
    if (events.length) {
      await tx
        .insert(geometryEvents)
        .values(events.map((e) => ({ companyId, subjectKind: 'library_item' as const, subjectId: id, ...e })));
    }
  }

  const categoryIds = new Map<string, number>();
  for (const [i, c] of content.categories.entries()) {
    const [row] = await tx
      .insert(materialCategories)
      .values({
        companyId,
        name: c.name,
        parentId: c.parent ? must(categoryIds, c.parent) : null,
        createdAt: ago(700 - i * 15),
        updatedAt: ago(160 - i * 5),
        deletedAt: c.deletedDaysAgo ? daysAgo(c.deletedDaysAgo) : null,
      })
      .returning({ id: materialCategories.id });
    const id = row?.id as number;
    categoryIds.set(c.name, id);
    await tx
      .update(materialCategories)
      .set({ previewImagePath: preview('material-categories', id, c.name) })
      .where(sql`${materialCategories.id} = ${id}`);
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

/**
 * Demo content of Acme Kitchens (every status, a 3-level library tree, trashed records)
 * and a little for Globex. Skips a company that already has projects.
 */
export async function seedDemoContent(database: Database, storage: FileStorage): Promise<void> {
  const accounts = await queryRows<{ id: number; username: string }>(
    database.system,
    sql`select id, username from accounts`,
  );
  const accountIds = new Map(accounts.map((a) => [a.username, a.id]));
  const companies = await queryRows<{ id: number; sub_domain: string }>(
    database.system,
    sql`select id, sub_domain from companies where sub_domain in ('acme', 'globex')`,
  );
  for (const company of companies) {
    const content = company.sub_domain === 'acme' ? ACME : GLOBEX;
    const previews = await database.tenant({ companyId: company.id }, async (tx) => {
      const existing = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from projects`);
      if ((existing[0]?.n ?? 0) > 0) return [];
      return seedTenant(tx, company.id, accountIds, content);
    });
    for (const [key, svg] of previews) await storage.put(key, svg);
  }
}
