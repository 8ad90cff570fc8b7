import type { BulkAnswer, RecordStatus } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import {
  BulkOutcome,
  ids,
  liveDescendantIds,
  moveToBin,
  storePreviewImage,
} from '#modules/content/shared/content-writes.ts';
import { materialCategoryPolicy } from './material-category.policy.ts';
import { materialCategories } from './material-category.table.ts';

/** What the categories' database functions read, for the checks of cached reads (response-cache-reads.ts). */
export const materialCategoryFunctionReads = {
  meshport_live_category_count: ['material_category_materials', 'material_categories'],
};

export const CATEGORY_NOT_FOUND = 'No such category.';
export const CATEGORY_CONNECTED = 'You can not delete this category as it or its children is connected to a model.';
export const CATEGORIES_NOT_DELETED = (names: string) =>
  `The following categories have not been deleted because they are still connected to a model; ${names}`;

export interface CategoryRecord extends Record<string, unknown> {
  id: number;
  name: string;
  parent_id: number | null;
  preview_image_path: string | null;
  deletable: boolean;
}

/** Live categories of the request's company (the transaction's RLS scope), with the policy's `deletable`, as the list. */
async function liveCategories(tx: Db, categoryIds: readonly number[]): Promise<CategoryRecord[]> {
  if (categoryIds.length === 0) return [];
  return queryRows<CategoryRecord>(
    tx,
    sql`select id, name, parent_id, preview_image_path, ${materialCategoryPolicy.rowAllows('delete')} as deletable
      from ${materialCategories} where id in ${ids(categoryIds)} and deleted_at is null`,
  );
}

export async function liveCategory(tx: Db, id: number): Promise<CategoryRecord> {
  const [row] = await liveCategories(tx, [id]);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/** The parent must be a live category of the company, and not the category or one beneath it. */
export async function assertParent(tx: Db, parentId: number, selfId?: number): Promise<void> {
  const [parent] = await liveCategories(tx, [parentId]);
  if (!parent) throw new ValidationError({ parent_id: [CATEGORY_NOT_FOUND] });
  if (selfId === undefined) return;
  const chain = await queryRows<{ id: number }>(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from material_categories where id = ${parentId}
        union all
        select c.id, c.parent_id, up.depth + 1 from material_categories c join up on c.id = up.parent_id
        where up.depth < 64)
      select id from up where id = ${selfId}`,
  );
  if (chain.length > 0) {
    throw new ValidationError({
      parent_id: ['A category can not be placed under itself or one of its sub-categories.'],
    });
  }
}

/** A new preview (stored under the category) or none; the file it replaces is removed once saved. */
export async function savePreview(
  tx: Db,
  storage: FileStorage,
  place: { companyId: number; id: number; current: string | null },
  image: File | null,
): Promise<{ stored: string | null; replaced: string | null }> {
  const stored = image
    ? await storePreviewImage(storage, { companyId: place.companyId, kind: 'material-categories', id: place.id }, image)
    : null;
  try {
    await tx.execute(sql`update material_categories set preview_image_path = ${stored} where id = ${place.id}`);
  } catch (error) {
    if (stored) await storage.remove(stored);
    throw error;
  }
  return { stored, replaced: place.current };
}

export interface CategoryChanges {
  name?: string;
  status?: RecordStatus;
  parent_id?: number | null;
}

export async function updateCategoryRow(tx: Db, id: number, changes: CategoryChanges): Promise<void> {
  const sets = [
    changes.name === undefined ? null : sql`name = ${changes.name}`,
    changes.status === undefined ? null : sql`status = ${changes.status}`,
    changes.parent_id === undefined ? null : sql`parent_id = ${changes.parent_id}`,
  ].filter((part) => part !== null);
  await tx.execute(sql`update material_categories set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    where id = ${id}`);
}

/**
 * To the bin with its live sub-categories, all in one moment (a restore brings them back
 * together); refused while it or one beneath it is connected to a model.
 */
export async function binCategory(tx: Db, category: CategoryRecord): Promise<void> {
  if (!category.deletable) throw new HttpError(409, CATEGORY_CONNECTED);
  const subtree = [category.id, ...(await liveDescendantIds(tx, 'material_categories', [category.id]))];
  await moveToBin(tx, materialCategories, sql`id in ${ids(subtree)}`);
}

export interface CategoryBulk {
  categories: { id: number }[];
  action: 'archive' | 'activate' | 'delete';
}

/** POST /materials/categories/update: each named category in turn; what cannot be done goes to `failed`. */
export async function bulkCategories(tx: Db, body: CategoryBulk): Promise<BulkAnswer> {
  const outcome = new BulkOutcome(body.action);
  const wanted = [...new Set(body.categories.map((ref) => ref.id))];
  const found = new Map((await liveCategories(tx, wanted)).map((row) => [row.id, row]));
  for (const id of wanted) {
    const category = found.get(id);
    if (!category) {
      outcome.refused({ id, name: String(id) }, CATEGORY_NOT_FOUND);
      continue;
    }
    if (body.action === 'delete') {
      // Went to the bin earlier in this call, beneath another category of the selection.
      const [still] = await liveCategories(tx, [id]);
      if (still && !still.deletable) {
        outcome.refused(category, CATEGORY_CONNECTED);
        continue;
      }
      if (still) await binCategory(tx, still);
    } else {
      await updateCategoryRow(tx, id, { status: body.action === 'archive' ? 'archived' : 'active' });
    }
    outcome.done(category);
  }
  return outcome.answer(CATEGORIES_NOT_DELETED);
}
