import type { BodyOf, BulkAnswer, libraryEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import {
  BulkOutcome,
  ids,
  liveDescendantIds,
  moveToBin,
  restoreFromBin,
  storePreviewImage,
} from '#modules/content/shared/content-writes.ts';
import { type LibraryState, libraryPolicy } from './library.policy.ts';
import { libraries } from './library.table.ts';

type CreateBody = BodyOf<typeof libraryEndpoints.create>;
type UpdateBody = BodyOf<typeof libraryEndpoints.update>;
type BulkBody = BodyOf<typeof libraryEndpoints.bulk>;

/** What the libraries' database functions read, for the checks of cached reads (response-cache-reads.ts). */
export const libraryFunctionReads = {
  meshport_live_library_count: ['library_item_libraries', 'libraries'],
};

export const LIBRARY_NOT_FOUND = 'No such library.';
export const LIBRARY_NOT_DELETABLE = 'You can not delete this library as it or its children is connected to a model.';
export const LIBRARIES_NOT_DELETED = (names: string) =>
  `The following libraries have not been deleted because they are still connected to a model; ${names}`;
export const PARENT_MISSING = 'The selected parent library does not exist.';
export const PARENT_CYCLE = 'A library cannot be placed under itself or one of its sub-libraries.';
export const LABELS_MISSING = (missing: number[]) => `These labels do not exist: ${missing.join(', ')}.`;

/** What a save leaves to do once its transaction has committed. */
export interface SaveResult {
  id: number;
  /** A preview image file the record no longer uses. */
  staleImage: string | null;
}

/** The parent must be a live library of the company (RLS limits the lookup to it). */
async function assertParent(tx: Db, parentId: number | null | undefined): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const rows = await queryRows(tx, sql`select 1 as found from libraries where id = ${parentId} and deleted_at is null`);
  if (rows.length === 0) throw new ValidationError({ parent_id: [PARENT_MISSING] });
}

/** Labels replace the current ones; every id must be a label of the company. */
async function replaceLabels(tx: Db, companyId: number, libraryId: number, labelIds: number[]): Promise<void> {
  if (labelIds.length > 0) {
    const found = await queryRows<{ id: number }>(tx, sql`select id from labels where id in ${ids(labelIds)}`);
    const known = new Set(found.map((row) => row.id));
    const missing = labelIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ValidationError({ labels: [LABELS_MISSING(missing)] });
  }
  await tx.execute(sql`delete from library_labels where library_id = ${libraryId}`);
  if (labelIds.length > 0) {
    await tx.execute(sql`insert into library_labels (company_id, library_id, label_id)
      select ${companyId}, ${libraryId}, id from labels where id in ${ids(labelIds)}`);
  }
}

async function setPreview(
  tx: Db,
  storage: FileStorage,
  place: { companyId: number; id: number },
  image: File | null,
): Promise<string | null> {
  const [current] = await queryRows<{ path: string | null }>(
    tx,
    sql`select preview_image_path as path from libraries where id = ${place.id}`,
  );
  const stored = image ? await storePreviewImage(storage, { ...place, kind: 'libraries' }, image) : null;
  await tx.execute(sql`update libraries set preview_image_path = ${stored} where id = ${place.id}`);
  return current?.path ?? null;
}

/** POST /libraries. */
export async function createLibrary(
  tx: Db,
  storage: FileStorage,
  companyId: number,
  body: CreateBody,
): Promise<SaveResult> {
  await assertParent(tx, body.parent_id);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into libraries (company_id, parent_id, name, description, status)
      values (${companyId}, ${body.parent_id ?? null}, ${body.name}, ${body.description ?? null}, ${body.status ?? 'active'})
      returning id`,
  );
  if (!row) throw new Error('library not created');
  if (body.labels) await replaceLabels(tx, companyId, row.id, body.labels);
  if (body.preview_image) await setPreview(tx, storage, { companyId, id: row.id }, body.preview_image);
  return { id: row.id, staleImage: null };
}

/** The parent may not be the library itself or one of its sub-libraries (in or out of the bin). */
async function assertNoCycle(tx: Db, id: number, parentId: number): Promise<void> {
  const rows = await queryRows(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from libraries where id = ${parentId}
        union all
        select l.id, l.parent_id, up.depth + 1 from libraries l join up on l.id = up.parent_id where up.depth < 64)
      select 1 as found from up where id = ${id} limit 1`,
  );
  if (rows.length > 0) throw new ValidationError({ parent_id: [PARENT_CYCLE] });
}

/** PATCH /libraries/:id: the fields given; labels replace, a null preview removes it. */
export async function updateLibrary(
  tx: Db,
  storage: FileStorage,
  companyId: number,
  id: number,
  body: UpdateBody,
): Promise<SaveResult> {
  const [current] = await queryRows<{ id: number }>(
    tx,
    sql`select id from libraries where id = ${id} and deleted_at is null for update`,
  );
  if (!current) throw notFound(LIBRARY_NOT_FOUND);
  if (body.parent_id !== undefined && body.parent_id !== null) {
    await assertParent(tx, body.parent_id);
    await assertNoCycle(tx, id, body.parent_id);
  }
  const sets = [
    body.name !== undefined ? sql`name = ${body.name}` : null,
    body.description !== undefined ? sql`description = ${body.description}` : null,
    body.status !== undefined ? sql`status = ${body.status}` : null,
    body.parent_id !== undefined ? sql`parent_id = ${body.parent_id}` : null,
  ].filter((part) => part !== null);
  await tx.execute(sql`update libraries set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where id = ${id}`);
  if (body.labels) await replaceLabels(tx, companyId, id, body.labels);
  const staleImage =
    body.preview_image !== undefined ? await setPreview(tx, storage, { companyId, id }, body.preview_image) : null;
  return { id, staleImage };
}

type BulkTarget = LibraryState & { id: number; name: string };

/**
 * POST /libraries/update. A selection naming any id that is no live library of the company
 * answers 404 as a whole (nothing done, no other company's name shown); of the others, delete
 * refuses one by one those connected to a model (content.md §4, §8). Deleting takes the live
 * sub-libraries along, all with one deleted_at.
 */
export async function bulkLibraries(tx: Db, body: BulkBody): Promise<BulkAnswer> {
  const outcome = new BulkOutcome(body.action);
  const wanted = [...new Set(body.libraries.map((entry) => entry.id))];
  const found = await queryRows<BulkTarget>(
    tx,
    sql`select id, name, ${libraryPolicy.stateColumns()} from ${libraries}
      where id in ${ids(wanted)} and deleted_at is null order by id for update`,
  );
  if (found.length < wanted.length) throw notFound(LIBRARY_NOT_FOUND);
  const byId = new Map(found.map((row) => [row.id, row]));
  const chosen: BulkTarget[] = [];
  for (const library of wanted.map((id) => byId.get(id) as BulkTarget)) {
    if (body.action === 'delete' && !libraryPolicy.allows('delete', library)) {
      outcome.refused(library, LIBRARY_NOT_DELETABLE);
    } else chosen.push(library);
  }
  if (chosen.length > 0) {
    const chosenIds = chosen.map((library) => library.id);
    if (body.action === 'delete') {
      const all = [...chosenIds, ...(await liveDescendantIds(tx, 'libraries', chosenIds))];
      await moveToBin(tx, libraries, sql`id in ${ids(all)}`);
    } else {
      const status = body.action === 'archive' ? 'archived' : 'active';
      await tx.execute(sql`update libraries set status = ${status}, updated_at = now() where id in ${ids(chosenIds)}`);
    }
    for (const library of chosen) outcome.done(library);
  }
  return outcome.answer(LIBRARIES_NOT_DELETED);
}

/** POST /libraries/:id/restore: with the sub-libraries that went to the bin with it. */
export function restoreLibrary(tx: Db, id: number) {
  return restoreFromBin(tx, libraries, sql`t.id = ${id}`, {
    notFound: LIBRARY_NOT_FOUND,
    parentInBin: 'Restore the library this one belongs to first.',
  });
}
