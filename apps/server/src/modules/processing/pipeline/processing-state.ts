import {
  type CodedMessage,
  type LibraryItemStatus,
  type ModelUnit,
  type ProcessingFigures,
  type ProcessingStep,
  parseSourceMessage,
  type UpAxis,
} from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import type { ProcessingSubject } from './processing-subject.ts';

/**
 * The status a run writes, always guarded by the run's number: a run that was cancelled,
 * replaced by a new upload or reprocessed can no longer change the record (the guard fails,
 * and the writer learns that it was superseded).
 */

export interface RunRef {
  subject: ProcessingSubject;
  companyId: number;
  id: number;
  run: number;
}

/** What the realtime event and the processor card show of a record after a write. */
export type RecordSnapshot = {
  id: number;
  status: LibraryItemStatus;
  started_at: string | null;
  finished_at: string | null;
  message: string | null;
  step: string | null;
  message_code: string | null;
  message_params: Record<string, string> | null;
};

export interface RunInput {
  originalKey: string;
  originalName: string;
  processingRun: number;
  /** The record's units and up axis for a file that states none (decision 0037). */
  placement: { units: ModelUnit | null; upAxis: UpAxis | null };
}

const t = (subject: ProcessingSubject) => sql.raw(subject.table);

async function addEvent(
  tx: Db,
  subject: ProcessingSubject,
  id: number,
  step: ProcessingStep | 'queued' | 'cancel',
  message: string,
  status: LibraryItemStatus,
  coded: CodedMessage | null = null,
): Promise<void> {
  // A message written as text (the converter's reports, its failures) is coded by the same table the reader uses.
  const known = coded ?? parseSourceMessage(message);
  const params = known ? JSON.stringify(known.params) : null;
  await tx.execute(sql`insert into geometry_events
      (company_id, subject_kind, subject_id, step, message, status, message_code, message_params)
    values (nullif(current_setting('app.company_id', true), '')::integer, ${subject.kind}, ${id}, ${step}, ${message},
      ${status}, ${known?.code ?? null}, ${params}::jsonb)`);
}

async function snapshot(tx: Db, subject: ProcessingSubject, id: number): Promise<RecordSnapshot> {
  const [row] = await queryRows<RecordSnapshot>(
    tx,
    sql`select r.id, r.status, r.started_at, r.finished_at, ge.message, ge.step, ge.message_code, ge.message_params
      from ${t(subject)} r
      left join lateral (select message, step, message_code, message_params from geometry_events
        where company_id = r.company_id and subject_kind = ${subject.kind} and subject_id = r.id
        order by created_at desc, id desc limit 1) ge on true
      where r.id = ${id}`,
  );
  if (!row) throw new Error(`${subject.table} ${id} vanished inside its own transaction`);
  return {
    ...row,
    started_at: row.started_at && new Date(row.started_at).toISOString(),
    finished_at: row.finished_at && new Date(row.finished_at).toISOString(),
  };
}

/** Guarded update: applies `set` only while the record is live, on run `run`, in one of `statuses`. */
async function guarded(tx: Db, ref: RunRef, statuses: readonly LibraryItemStatus[], set: SQL): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${t(ref.subject)} set ${set}, updated_at = now()
      where id = ${ref.id} and processing_run = ${ref.run} and deleted_at is null
        and status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      returning id`,
  );
  return rows.length === 1;
}

/**
 * Starts a new run on a record (created, file replaced, reprocessed): QUEUED, times cleared,
 * the run number raised. Returns the new run's number. In the request's transaction.
 */
export async function queueRun(
  tx: Db,
  subject: ProcessingSubject,
  id: number,
  message: string,
  original?: { uploadId: string; key: string; name: string },
): Promise<number> {
  const [row] = await queryRows<{ run: number }>(
    tx,
    sql`update ${t(subject)} set status = 'QUEUED', processing_run = processing_run + 1,
        started_at = null, finished_at = null, updated_at = now()
        ${original ? sql`, upload_id = ${original.uploadId}, original_key = ${original.key}, original_name = ${original.name}` : sql``}
      where id = ${id} returning processing_run as run`,
  );
  if (!row) throw new Error(`${subject.table} ${id} not found to queue`);
  await addEvent(tx, subject, id, 'queued', message, 'QUEUED');
  return row.run;
}

/** QUEUED → PROCESSING (or PROCESSING again when a crashed run is retried). Null: superseded. */
export async function beginRun(tx: Db, ref: RunRef, message: string): Promise<RunInput | 'superseded' | 'no-file'> {
  const ok = await guarded(
    tx,
    ref,
    ['QUEUED', 'PROCESSING'],
    sql`status = 'PROCESSING', started_at = coalesce(started_at, now())`,
  );
  if (!ok) return 'superseded';
  await addEvent(tx, ref.subject, ref.id, 'store', message, 'PROCESSING');
  const [row] = await queryRows<{
    original_key: string | null;
    original_name: string | null;
    units: ModelUnit | null;
    up_axis: UpAxis | null;
  }>(tx, sql`select original_key, original_name, units, up_axis from ${t(ref.subject)} where id = ${ref.id}`);
  if (!row?.original_key || !row.original_name) return 'no-file';
  return {
    originalKey: row.original_key,
    originalName: row.original_name,
    processingRun: ref.run,
    placement: { units: row.units, upAxis: row.up_axis },
  };
}

/** A step's event while PROCESSING. False: the run was superseded and must stop. */
export async function stepEvent(
  tx: Db,
  ref: RunRef,
  step: ProcessingStep,
  message: string,
  coded: CodedMessage | null = null,
): Promise<boolean> {
  // A lock, not an update: a step touches only geometry_events, so that cached lists reading the
  // record's own table (materials, search) stay cached while it works (docs/decisions/0021).
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${t(ref.subject)} where id = ${ref.id} and processing_run = ${ref.run}
      and status = 'PROCESSING' and deleted_at is null for update`,
  );
  if (rows.length === 1) await addEvent(tx, ref.subject, ref.id, step, message, 'PROCESSING', coded);
  return rows.length === 1;
}

export interface FinishedRun {
  glbKey: string;
  liteGlbKey?: string | null;
  previewKey: string | null;
  figures: ProcessingFigures;
}

/** PROCESSING → FINISHED with the outputs. False: superseded (the caller removes its outputs). */
export async function finishRun(
  tx: Db,
  ref: RunRef,
  outputs: FinishedRun,
  message: string,
  coded: CodedMessage | null = null,
): Promise<boolean> {
  const ok = await guarded(
    tx,
    ref,
    ['PROCESSING'],
    sql`status = 'FINISHED', finished_at = now(), glb_key = ${outputs.glbKey},
      lite_glb_key = ${outputs.liteGlbKey ?? null}, figures = ${JSON.stringify(outputs.figures)}::jsonb
      ${outputs.previewKey ? sql`, preview_image_path = ${outputs.previewKey}` : sql``}`,
  );
  if (!ok) return false;
  await ref.subject.finished?.(tx, ref.companyId, ref.id, outputs.figures);
  await addEvent(tx, ref.subject, ref.id, 'finish', message, 'FINISHED', coded);
  return true;
}

/** QUEUED or PROCESSING → FAILED with a message a person understands (and its code, when it has one). */
export async function failRun(
  tx: Db,
  ref: RunRef,
  step: ProcessingStep,
  message: string,
  coded: CodedMessage | null = null,
): Promise<boolean> {
  const ok = await guarded(tx, ref, ['QUEUED', 'PROCESSING'], sql`status = 'FAILED', finished_at = now()`);
  if (ok) await addEvent(tx, ref.subject, ref.id, step, message, 'FAILED', coded);
  return ok;
}

/** Stops the current run (the request's transaction): raises the run number so it can write nothing more. */
export async function cancelRun(tx: Db, subject: ProcessingSubject, id: number, message: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${t(subject)} set status = ${subject.cancelledStatus}, processing_run = processing_run + 1,
        finished_at = now(), updated_at = now()
      where id = ${id} and deleted_at is null and status in ('QUEUED', 'PROCESSING') returning id`,
  );
  if (rows.length === 0) return false;
  await addEvent(tx, subject, id, 'cancel', message, subject.cancelledStatus);
  return true;
}

export { snapshot as recordSnapshot };
