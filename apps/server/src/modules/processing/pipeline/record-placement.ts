import type { ModelUnit, PlacementFields, UpAxis } from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import type { ProcessingSubject } from './processing-subject.ts';

export const PLACEMENT_REQUEUED = 'Queued for reprocessing: units or up axis changed';

/**
 * Keeps a record's units and up axis (decision 0037) as a save gives them; absent fields stay.
 * True when they changed on a record that has a file: the caller processes it again
 * (`queueProcessing` with `PLACEMENT_REQUEUED`) unless the save queues it anyway.
 */
export async function savePlacement(
  tx: Db,
  subject: ProcessingSubject,
  id: number,
  fields: PlacementFields,
): Promise<boolean> {
  if (fields.units === undefined && fields.up_axis === undefined) return false;
  const table = sql.raw(subject.table);
  const [row] = await queryRows<{
    units: ModelUnit | null;
    up_axis: UpAxis | null;
    status: string;
    original_key: string | null;
  }>(
    tx,
    sql`select units, up_axis, status, original_key from ${table} where id = ${id} and deleted_at is null for update`,
  );
  if (!row) return false;
  const sets: SQL[] = [];
  if (fields.units !== undefined && fields.units !== row.units) sets.push(sql`units = ${fields.units}`);
  if (fields.up_axis !== undefined && fields.up_axis !== row.up_axis) sets.push(sql`up_axis = ${fields.up_axis}`);
  if (sets.length === 0) return false;
  await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
  return !!row.original_key && row.status !== 'UPLOADING';
}

/** The record's choice as the converter takes it. */
export async function readPlacement(
  tx: Db,
  subject: ProcessingSubject,
  id: number,
): Promise<{ units: ModelUnit | null; upAxis: UpAxis | null }> {
  const [row] = await queryRows<{ units: ModelUnit | null; up_axis: UpAxis | null }>(
    tx,
    sql`select units, up_axis from ${sql.raw(subject.table)} where id = ${id}`,
  );
  return { units: row?.units ?? null, upAxis: row?.up_axis ?? null };
}
