import { randomBytes } from 'node:crypto';
import {
  type BulkAction,
  type BulkAnswer,
  FILE_INVALID_TYPE,
  RESTORE_WINDOW_DAYS,
  RESTORED_MESSAGE,
} from '@meshport/contract';
import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '#core/db/database.ts';
import { sniffType } from '#core/http/form-fields.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { ref } from './content-fields.ts';

/** A content table as the write helpers need it (`recordColumns` + `timestampColumns`). */
export type WritableContentTable = PgTable & {
  companyId: Column;
  id: Column;
  deletedAt: Column;
  updatedAt: Column;
};

/** A tree table (libraries, material categories, projects): records hold children by `parent_id`. */
export type TreeTable = WritableContentTable & { parentId: Column };

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

/**
 * Stores an uploaded preview image under `companies/{c}/{kind}/{id}/preview-{random}.{ext}`
 * and returns its key. The type is judged again by content (the schema judged the claimed one).
 */
export async function storePreviewImage(
  storage: FileStorage,
  place: { companyId: number; kind: string; id: number | string },
  file: File,
): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = EXTENSIONS[sniffType(bytes)];
  if (!extension) throw new ValidationError({ preview_image: [FILE_INVALID_TYPE] });
  const folder =
    String(place.id)
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 64) || 'record';
  const key = `companies/${place.companyId}/${place.kind}/${folder}/preview-${randomBytes(6).toString('hex')}.${extension}`;
  await storage.put(key, Buffer.from(bytes));
  return key;
}

/**
 * The ids of live records under `rootIds` at any depth (the roots not included), for a tree
 * table named by a trusted identifier.
 */
export async function liveDescendantIds(tx: Db, table: string, rootIds: readonly number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const t = sql.raw(table);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with recursive tree(id, depth) as (
        select d.id, 1 from ${t} d where d.parent_id in ${ids(rootIds)} and d.deleted_at is null
        union all
        select d.id, tree.depth + 1 from ${t} d join tree on d.parent_id = tree.id
        where d.deleted_at is null and tree.depth < 64)
      select distinct id from tree`,
  );
  return rows.map((row) => row.id);
}

/** `(1, 2, 3)` for an `in` clause. */
export function ids(values: readonly (number | string)[]): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/**
 * Moves records to the recycling bin, all with one `deleted_at` so that a restore of the root
 * brings back exactly what went with it. Returns that moment.
 */
export async function moveToBin(tx: Db, table: WritableContentTable, where: SQL): Promise<Date | null> {
  const rows = await queryRows<{ deleted_at: Date }>(
    tx,
    sql`update ${table} set ${sql.identifier(table.deletedAt.name)} = now()
      where ${where} and ${ref(table.deletedAt)} is null returning ${ref(table.deletedAt)} as deleted_at`,
  );
  return rows[0]?.deleted_at ?? null;
}

/**
 * Brings a record back from the bin within the restore window (administration.md §4): for a
 * tree table, with the descendants that went to the bin with it. A record whose parent is still
 * in the bin cannot come back on its own.
 */
export async function restoreFromBin(
  tx: Db,
  table: WritableContentTable | TreeTable,
  where: SQL,
  labels: { notFound: string; parentInBin?: string },
): Promise<{ id: number | string; name: string }> {
  const [record] = await queryRows<{ id: number; name: string; deleted_at: Date | null; parent_live: boolean | null }>(
    tx,
    sql`select t.id, t.name, t.deleted_at, ${
      'parentId' in table
        ? sql`(select p.deleted_at is null from ${table} p where p.company_id = t.company_id and p.id = t.parent_id)`
        : sql`null::boolean`
    } as parent_live from ${table} t where ${where}`,
  );
  if (!record || record.deleted_at === null) throw notFound(labels.notFound);
  const expired = await queryRows<{ expired: boolean }>(
    tx,
    sql`select ${record.deleted_at} < now() - make_interval(days => ${RESTORE_WINDOW_DAYS}) as expired`,
  );
  if (expired[0]?.expired) throw new HttpError(410, `The ${RESTORE_WINDOW_DAYS}-day restore window has passed.`);
  if (record.parent_live === false) {
    throw new HttpError(409, labels.parentInBin ?? 'Restore the record this one belongs to first.');
  }
  const tableName = sql.raw(getTableName(table));
  if ('parentId' in table) {
    // The record and whatever went to the bin in the same moment beneath it. The moment is
    // compared in SQL: a JavaScript Date drops the microseconds of now().
    await tx.execute(sql`with recursive tree(id, depth) as (
        select ${record.id}::int, 0
        union all
        select d.id, tree.depth + 1 from ${tableName} d join tree on d.parent_id = tree.id
        where d.deleted_at = (select r.deleted_at from ${tableName} r where r.id = ${record.id})
          and tree.depth < 64)
      update ${tableName} set deleted_at = null, updated_at = now() where id in (select id from tree)`);
  } else {
    await tx.execute(sql`update ${tableName} set deleted_at = null, updated_at = now() where id = ${record.id}`);
  }
  return { id: record.id, name: record.name };
}

/** The answer of a restore call. */
export function restored(record: { id: number | string; name: string }) {
  return { message: RESTORED_MESSAGE, data: record };
}

/**
 * Collects what a bulk call did, record by record: the spec's bulk calls answer a success and a
 * failed list (content.md §7).
 */
export class BulkOutcome {
  readonly success: BulkAnswer['success'] = [];
  readonly failed: BulkAnswer['failed'] = [];

  constructor(readonly action: BulkAction) {}

  done(entry: { id: number | string; name: string }): void {
    this.success.push({ id: entry.id, name: entry.name });
  }

  refused(entry: { id: number | string; name: string }, reason: string): void {
    this.failed.push({ id: entry.id, name: entry.name, reason });
  }

  /**
   * `message` names the refused records the way the spec's banner does:
   * 'The following libraries have not been deleted because they are still connected to a model; A, B'.
   */
  answer(message: (names: string) => string): BulkAnswer {
    const names = this.failed.map((entry) => entry.name).join(', ');
    return {
      action: this.action,
      success: this.success,
      failed: this.failed,
      message: this.failed.length > 0 ? message(names) : null,
    };
  }
}
