import type { BodyOf, BulkAnswer, libraryItemEndpoints } from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import { BulkOutcome, ids, moveToBin, restoreFromBin } from '#modules/content/shared/content-writes.ts';
import { type LibraryItemState, libraryItemPolicy } from './library-item.policy.ts';
import { libraryItems } from './library-item.table.ts';

type UpdateBody = BodyOf<typeof libraryItemEndpoints.update>;
type BulkBody = BodyOf<typeof libraryItemEndpoints.bulk>;

export const ITEM_NOT_FOUND = 'No such item.';
export const ITEM_NOT_DELETABLE = 'You can not delete this item as it is still connected to a model.';
export const ITEMS_NOT_DELETED = (names: string) =>
  `The following items have not been deleted because they are still connected to a model; ${names}`;
export const LIBRARIES_MISSING = (missing: number[]) => `These libraries do not exist: ${missing.join(', ')}.`;

type ItemState = LibraryItemState & { id: number; name: string };

/**
 * The live items named, with what the rules read (RLS keeps them to the company), locked in id
 * order so that bulk actions on overlapping selections queue instead of deadlocking.
 */
function liveItems(tx: Db, wanted: number[]): Promise<ItemState[]> {
  return queryRows<ItemState>(
    tx,
    sql`select id, name, ${libraryItemPolicy.stateColumns()} from ${libraryItems}
      where id in ${ids(wanted)} and deleted_at is null order by id for update`,
  );
}

/**
 * Unarchiving gives an item back the processing status it had before: the newest status its
 * geometry events report other than ARCHIVED, and for an item that finished (finished_at set)
 * the newest final one (FINISHED, FAILED, CANCELLED); without such an event FINISHED when it
 * finished, else UPLOADING (nothing processed yet).
 */
const statusBeforeArchive = sql`coalesce(
  (select ge.status from geometry_events ge
    where ge.company_id = library_items.company_id and ge.subject_kind = 'library_item'
      and ge.subject_id = library_items.id and ge.status <> 'ARCHIVED'
      and (library_items.finished_at is null or ge.status in ('FINISHED', 'FAILED', 'CANCELLED'))
    order by ge.created_at desc, ge.id desc limit 1),
  case when library_items.finished_at is null then 'UPLOADING' else 'FINISHED' end)`;

async function setArchived(tx: Db, where: SQL, archived: boolean): Promise<void> {
  await tx.execute(
    archived
      ? sql`update library_items set status = 'ARCHIVED', updated_at = now() where ${where} and status <> 'ARCHIVED'`
      : sql`update library_items set status = ${statusBeforeArchive}, updated_at = now()
          where ${where} and status = 'ARCHIVED'`,
  );
}

/** Every id must be a live library of the company. */
async function assertLibraries(tx: Db, libraryIds: number[]): Promise<void> {
  if (libraryIds.length === 0) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from libraries where id in ${ids(libraryIds)} and deleted_at is null`,
  );
  const known = new Set(found.map((row) => row.id));
  const missing = libraryIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw new ValidationError({ libraries: [LIBRARIES_MISSING(missing)] });
}

/** Adds the items to the libraries; with `only`, takes them out of every other library. */
async function link(tx: Db, companyId: number, itemIds: number[], libraryIds: number[], only: boolean) {
  if (only) {
    await tx.execute(
      libraryIds.length > 0
        ? sql`delete from library_item_libraries where library_item_id in ${ids(itemIds)} and library_id not in ${ids(libraryIds)}`
        : sql`delete from library_item_libraries where library_item_id in ${ids(itemIds)}`,
    );
  }
  if (libraryIds.length > 0) {
    await tx.execute(sql`insert into library_item_libraries (company_id, library_id, library_item_id)
      select ${companyId}, l.id, i.id from libraries l, library_items i
      where l.id in ${ids(libraryIds)} and i.id in ${ids(itemIds)}
      on conflict do nothing`);
  }
}

/** POST /libraries/items: the item, in the libraries named; processing is queued by the caller. */
export async function createLibraryItem(
  tx: Db,
  companyId: number,
  accountId: number,
  body: { name: string; description?: string | null; libraries?: number[] },
): Promise<number> {
  const libraryIds = body.libraries ?? [];
  await assertLibraries(tx, libraryIds);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into library_items (company_id, name, description, status, uploader_id)
      values (${companyId}, ${body.name}, ${body.description ?? null}, 'QUEUED', ${accountId}) returning id`,
  );
  const id = (row as { id: number }).id;
  await link(tx, companyId, [id], libraryIds, false);
  return id;
}

/** PATCH /libraries/items/:id: the archived flag, name, description, libraries (replacing the links). */
export async function updateLibraryItem(tx: Db, companyId: number, id: number, body: UpdateBody): Promise<number> {
  const [item] = await liveItems(tx, [id]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (body.libraries) await assertLibraries(tx, body.libraries);
  const sets = [
    body.name !== undefined ? sql`name = ${body.name}` : null,
    body.description !== undefined ? sql`description = ${body.description}` : null,
  ].filter((part) => part !== null);
  await tx.execute(
    sql`update library_items set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where id = ${id}`,
  );
  if (body.archived !== undefined) await setArchived(tx, sql`id = ${id}`, body.archived);
  if (body.libraries) await link(tx, companyId, [id], body.libraries, true);
  return id;
}

/** DELETE /libraries/items/:id: to the bin, unless a live model uses it (409). */
export async function deleteLibraryItem(tx: Db, id: number): Promise<string> {
  const [item] = await liveItems(tx, [id]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (!libraryItemPolicy.allows('delete', item)) throw new HttpError(409, ITEM_NOT_DELETABLE);
  await moveToBin(tx, libraryItems, sql`id = ${id}`);
  return item.name;
}

/**
 * POST /libraries/items/update. A selection naming any id that is no live item of the company
 * answers 404 as a whole (nothing done); delete refuses, one by one, the items a live model uses
 * (content.md §8). Move targets must all be live libraries of the company (422 otherwise).
 */
export async function bulkLibraryItems(tx: Db, companyId: number, body: BulkBody): Promise<BulkAnswer> {
  const outcome = new BulkOutcome(body.action);
  const wanted = [...new Set(body.items.map((entry) => entry.id))];
  const targets = [...new Set((body.libraries ?? []).map((entry) => entry.id))];
  const found = await liveItems(tx, wanted);
  if (found.length < wanted.length) throw notFound(ITEM_NOT_FOUND);
  if (body.action === 'move') await assertLibraries(tx, targets);
  const byId = new Map(found.map((row) => [row.id, row]));
  const chosen: ItemState[] = [];
  for (const item of wanted.map((id) => byId.get(id) as ItemState)) {
    if (body.action === 'delete' && !libraryItemPolicy.allows('delete', item)) {
      outcome.refused(item, ITEM_NOT_DELETABLE);
    } else chosen.push(item);
  }
  if (chosen.length > 0) {
    const chosenIds = chosen.map((item) => item.id);
    const where = sql`id in ${ids(chosenIds)}`;
    if (body.action === 'move') {
      await link(tx, companyId, chosenIds, targets, body.remove_from_current_libraries === true);
      await tx.execute(sql`update library_items set updated_at = now() where ${where}`);
    } else if (body.action === 'delete') await moveToBin(tx, libraryItems, where);
    else await setArchived(tx, where, body.action === 'archive');
    for (const item of chosen) outcome.done(item);
  }
  return outcome.answer(ITEMS_NOT_DELETED);
}

/** POST /libraries/items/:id/restore. */
export function restoreLibraryItem(tx: Db, id: number) {
  return restoreFromBin(tx, libraryItems, sql`t.id = ${id}`, { notFound: ITEM_NOT_FOUND });
}
