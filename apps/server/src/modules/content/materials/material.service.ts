import type { BulkAnswer } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { BulkOutcome, ids } from '#modules/content/shared/content-writes.ts';

export const MATERIAL_NOT_FOUND = 'No such material.';
export const MATERIAL_NAME_TAKEN = 'A material with this name already exists.';
export const MATERIAL_CONNECTED = 'You can not delete this material as it is still connected to a model.';
export const MATERIAL_VARIANT_CONNECTED =
  'You can not delete this material as one of its variants is still connected to a model.';
export const MATERIALS_NOT_DELETED = (names: string) =>
  `The following materials have not been deleted because they are still connected to a model; ${names}`;

/** A live material of the request's company (the transaction's RLS scope). */
export interface MaterialRecord extends Record<string, unknown> {
  id: number;
  name: string;
  parent_name: string | null;
  description: string | null;
  preview_image_path: string | null;
}

export async function findLiveMaterial(tx: Db, name: string): Promise<MaterialRecord | undefined> {
  const [row] = await queryRows<MaterialRecord>(
    tx,
    sql`select id, name, parent_name, description, preview_image_path from materials
      where name = ${name} and deleted_at is null`,
  );
  return row;
}

export async function liveMaterial(tx: Db, name: string): Promise<MaterialRecord> {
  const row = await findLiveMaterial(tx, name);
  if (!row) throw notFound(MATERIAL_NOT_FOUND);
  return row;
}

/** Unique per company without case, the bin included (a restore must not clash). */
async function nameTaken(tx: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from materials where lower(name) = lower(${name})
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  return rows.length > 0;
}

export async function assertNameFree(tx: Db, name: string, exceptId?: number): Promise<void> {
  if (await nameTaken(tx, name, exceptId)) throw new ValidationError({ name: [MATERIAL_NAME_TAKEN] });
}

/** The categories a save names must be live categories of the company. */
export async function assertLiveCategories(tx: Db, categoryIds: readonly number[], field = 'categories') {
  if (categoryIds.length === 0) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from material_categories where id in ${ids(categoryIds)} and deleted_at is null`,
  );
  const known = new Set(found.map((row) => row.id));
  const missing = categoryIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new ValidationError({ [field]: [`No such category: ${missing.join(', ')}.`] });
  }
}

/**
 * Variants are one level deep: the base must be a live base material, not the material itself,
 * and a material that has variants cannot become a variant (so no chain and no cycle).
 */
export async function assertParent(tx: Db, parentName: string, self?: MaterialRecord): Promise<void> {
  if (self && parentName === self.name) {
    throw new ValidationError({ parent_name: ['A material can not be a variant of itself.'] });
  }
  const parent = await findLiveMaterial(tx, parentName);
  if (!parent) throw new ValidationError({ parent_name: ['No such material.'] });
  if (parent.parent_name !== null) {
    throw new ValidationError({ parent_name: ['A variant can only be made of a base material, not of a variant.'] });
  }
  if (self) {
    const variants = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from materials where parent_name = ${self.name}`,
    );
    if ((variants[0]?.n ?? 0) > 0) {
      throw new ValidationError({ parent_name: ['A material with variants can not be a variant itself.'] });
    }
  }
}

/** Links a material to categories: in addition to its current ones, or instead of them. */
export async function linkCategories(
  tx: Db,
  companyId: number,
  materialIds: readonly number[],
  categoryIds: readonly number[],
  mode: 'add' | 'replace',
): Promise<void> {
  if (materialIds.length === 0) return;
  if (mode === 'replace') {
    await tx.execute(
      sql`delete from material_category_materials where material_id in ${ids(materialIds)}
        ${categoryIds.length > 0 ? sql`and material_category_id not in ${ids(categoryIds)}` : sql``}`,
    );
  }
  if (categoryIds.length === 0) return;
  // Both tables named with the company (not only row-level security): one shard under Citus.
  await tx.execute(sql`insert into material_category_materials (company_id, material_category_id, material_id)
    select ${companyId}, c.id, m.id from material_categories c cross join materials m
    where c.company_id = ${companyId} and m.company_id = ${companyId}
      and c.id in ${ids(categoryIds)} and m.id in ${ids(materialIds)}
    on conflict do nothing`);
}

/** Whether the material, or else one of its live variants, is connected to a live project model. */
async function connection(tx: Db, material: MaterialRecord): Promise<'self' | 'variant' | null> {
  const [row] = await queryRows<{ own: boolean; variant: boolean }>(
    tx,
    sql`select
      exists (select 1 from project_model_materials pmm
        join project_models m on m.company_id = pmm.company_id and m.id = pmm.project_model_id and m.deleted_at is null
        where pmm.material_id = ${material.id}) as own,
      exists (select 1 from materials v
        join project_model_materials pmm on pmm.company_id = v.company_id and pmm.material_id = v.id
        join project_models m on m.company_id = pmm.company_id and m.id = pmm.project_model_id and m.deleted_at is null
        where v.parent_name = ${material.name} and v.deleted_at is null) as variant`,
  );
  if (row?.own) return 'self';
  if (row?.variant) return 'variant';
  return null;
}

/**
 * To the bin, with its live variants (a purge of the base would take them by cascade), all in
 * one moment so that a restore brings them back together. Refused while connected to a model.
 */
export async function binMaterial(tx: Db, material: MaterialRecord): Promise<void> {
  const connected = await connection(tx, material);
  if (connected) throw new HttpError(409, connected === 'self' ? MATERIAL_CONNECTED : MATERIAL_VARIANT_CONNECTED);
  await tx.execute(sql`update materials set deleted_at = now()
    where (id = ${material.id} or parent_name = ${material.name}) and deleted_at is null`);
}

/** Fields of a save that are given (`undefined`: left as it is). */
export interface MaterialChanges {
  name?: string;
  description?: string | null;
  parent_name?: string | null;
  status?: 'active' | 'archived';
}

export async function updateMaterialRow(tx: Db, id: number, changes: MaterialChanges): Promise<void> {
  const sets = [
    changes.name === undefined ? null : sql`name = ${changes.name}`,
    changes.description === undefined ? null : sql`description = ${changes.description}`,
    changes.parent_name === undefined ? null : sql`parent_name = ${changes.parent_name}`,
    changes.status === undefined ? null : sql`status = ${changes.status}`,
  ].filter((part) => part !== null);
  const update = sql`update materials set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where id = ${id}`;
  if (changes.name === undefined) {
    await tx.execute(update);
    return;
  }
  // Variants name their base (materials_parent_name_fk, NO ACTION since migration 0026): one
  // statement renames both, and the key is checked at its end. Every part reads the old name.
  await tx.execute(sql`with variants as (
      update materials v set parent_name = ${changes.name}
      from materials b where b.id = ${id} and v.company_id = b.company_id and v.parent_name = b.name and v.id <> b.id)
    ${update}`);
}

/** "Oak copy", then "Oak copy 2", "Oak copy 3" … whichever is free (without case, bin included). */
export async function copyName(tx: Db, name: string): Promise<string> {
  const base = `${name.slice(0, 240)} copy`;
  const taken = await queryRows<{ name: string }>(
    tx,
    sql`select lower(name) as name from materials where lower(name) like lower(${`${base.replace(/[\\%_]/g, '\\$&')}%`})`,
  );
  const names = new Set(taken.map((row) => row.name));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

/** A copy's own preview file: a purge of either record then leaves the other's image in place. */
export async function copyPreview(
  storage: FileStorage,
  companyId: number,
  source: string | null,
  folder: string,
): Promise<string | null> {
  if (!source || !(await storage.exists(source))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(source)) chunks.push(chunk as Buffer);
  const extension = source.slice(source.lastIndexOf('.'));
  const key = `companies/${companyId}/materials/${folder}/preview-copy-${Date.now().toString(36)}${extension}`;
  await storage.put(key, Buffer.concat(chunks));
  return key;
}

export interface MaterialBulk {
  materials: { name: string }[];
  action: 'move' | 'archive' | 'activate' | 'delete';
  categories?: { id: number }[] | undefined;
  remove_from_current_categories?: boolean | undefined;
}

/** POST /materials/update: each named material in turn; what cannot be done goes to `failed`. */
export async function bulkMaterials(tx: Db, companyId: number, body: MaterialBulk): Promise<BulkAnswer> {
  const outcome = new BulkOutcome(body.action);
  const targets = [...new Set((body.categories ?? []).map((ref) => ref.id))];
  if (body.action === 'move') await assertLiveCategories(tx, targets);
  const names = [...new Set(body.materials.map((ref) => ref.name))];
  const found = await queryRows<MaterialRecord>(
    tx,
    sql`select id, name, parent_name, description, preview_image_path from materials
      where name in ${ids(names)} and deleted_at is null`,
  );
  const byName = new Map(found.map((row) => [row.name, row]));
  for (const name of names) {
    const material = byName.get(name);
    if (!material) {
      outcome.refused({ id: name, name }, MATERIAL_NOT_FOUND);
      continue;
    }
    if (body.action === 'delete') {
      // A base deleted earlier in this call took this variant with it.
      if (!(await findLiveMaterial(tx, name))) {
        outcome.done({ id: name, name });
        continue;
      }
      const connected = await connection(tx, material);
      if (connected) {
        outcome.refused({ id: name, name }, connected === 'self' ? MATERIAL_CONNECTED : MATERIAL_VARIANT_CONNECTED);
        continue;
      }
      await binMaterial(tx, material);
    } else if (body.action === 'move') {
      await linkCategories(
        tx,
        companyId,
        [material.id],
        targets,
        body.remove_from_current_categories ? 'replace' : 'add',
      );
      await tx.execute(sql`update materials set updated_at = now() where id = ${material.id}`);
    } else {
      await updateMaterialRow(tx, material.id, { status: body.action === 'archive' ? 'archived' : 'active' });
    }
    outcome.done({ id: name, name });
  }
  return outcome.answer(MATERIALS_NOT_DELETED);
}

/**
 * Restoring a material: a variant cannot come back before its base; a base brings back the
 * variants that went to the bin with it (compared in SQL: a JavaScript date drops microseconds).
 * Run before the base itself leaves the bin.
 */
export async function restoreMaterialVariants(tx: Db, name: string): Promise<void> {
  const [row] = await queryRows<{ base_live: boolean | null }>(
    tx,
    sql`select (select b.deleted_at is null from materials b
        where b.company_id = t.company_id and b.name = t.parent_name) as base_live
      from materials t where t.name = ${name} and t.deleted_at is not null`,
  );
  if (row?.base_live === false) throw new HttpError(409, 'Restore the base material of this variant first.');
  await tx.execute(sql`update materials v set deleted_at = null, updated_at = now()
    from materials b
    where b.name = ${name} and b.deleted_at is not null and v.company_id = b.company_id
      and v.parent_name = b.name and v.deleted_at = b.deleted_at`);
}
