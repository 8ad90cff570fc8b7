import { MODEL_UNITS, type ProcessingFigures, UP_AXES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, integer, jsonb, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '#core/tenancy/company.table.ts';

/** Partial-index condition: rows not in the recycle bin. */
export const live = sql`deleted_at is null`;

/** `company_id` (the tenant) and the identity `id`: the primary key is `(company_id, id)`. */
export const tenantKeyColumns = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  id: integer('id').notNull().generatedByDefaultAsIdentity(),
});

/** `status`, one of `values`, required, `initial` by default. */
export const statusColumn = <const T extends readonly [string, ...string[]]>(values: T, initial: T[number]) =>
  text('status', { enum: values }).notNull().default(initial);

/** The columns a content record shows: name, description, status and preview image. */
export const recordColumns = <const T extends readonly [string, ...string[]]>(values: T, initial: T[number]) => ({
  name: text('name').notNull(),
  description: text('description'),
  status: statusColumn(values, initial),
  previewImagePath: text('preview_image_path'),
});

/**
 * What processing keeps on a model or library item (migration 0013): the original upload,
 * the web-ready GLB, the figures, and the number of the current run.
 */
export const processingColumns = () => ({
  uploadId: text('upload_id'),
  originalKey: text('original_key'),
  originalName: text('original_name'),
  glbKey: text('glb_key'),
  /** The light version of a GLB over 1 MB, drawn first on the share page (issue 30); null without one. */
  liteGlbKey: text('lite_glb_key'),
  figures: jsonb('figures').$type<ProcessingFigures>(),
  processingRun: integer('processing_run').notNull().default(0),
  /** Units and up axis of a file that states none; null: its format's default (decision 0037). */
  units: text('units', { enum: MODEL_UNITS }),
  upAxis: text('up_axis', { enum: UP_AXES }),
});

/** created_at and updated_at (now by default), and deleted_at for the recycle bin. */
export const timestampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

interface ContentTable {
  companyId: PgColumn;
  id: PgColumn;
  name: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
}

/**
 * The indexes every content list uses: each default sort of live rows, the recycle bin,
 * trigram search on the name, and (when `statusThen` is given) status then that time.
 */
export function contentIndexes(table: string, t: ContentTable, statusThen?: 'createdAt' | 'updatedAt') {
  return [
    index(`${table}_created_idx`).on(t.companyId, t.createdAt, t.id).where(live),
    index(`${table}_updated_idx`).on(t.companyId, t.updatedAt, t.id).where(live),
    index(`${table}_name_idx`).on(t.companyId, t.name, t.id).where(live),
    ...(statusThen ? [index(`${table}_status_idx`).on(t.companyId, t.status, t[statusThen], t.id).where(live)] : []),
    index(`${table}_deleted_idx`).on(t.companyId, t.deletedAt, t.id).where(sql`deleted_at is not null`),
    index(`${table}_name_trgm`).using('gin', sql`${t.name} gin_trgm_ops`),
  ];
}

/**
 * One index per further sortable column of a large list, matching the list engine's order:
 * `(col, id)` both ways, nulls first ascending (so last descending, scanned backwards).
 */
export function sortIndexes(
  table: string,
  t: { companyId: PgColumn; id: PgColumn },
  columns: Record<string, ExtraConfigColumn>,
) {
  return Object.entries(columns).map(([name, column]) =>
    index(`${table}_${name}_sort_idx`)
      .on(t.companyId, column.notNull ? column : column.asc().nullsFirst(), t.id)
      .where(live),
  );
}

/**
 * `(status, col, id)` per column: a list filtered by one status and sorted by `col` reads the
 * rows of that status in order, both ways, and stops after the page (migration 0017).
 */
export function statusSortIndexes(
  table: string,
  t: { companyId: PgColumn; status: PgColumn; id: PgColumn },
  columns: Record<string, ExtraConfigColumn>,
) {
  return Object.entries(columns).map(([name, column]) =>
    index(`${table}_status_${name}_idx`)
      .on(t.companyId, t.status, column.notNull ? column : column.asc().nullsFirst(), t.id)
      .where(live),
  );
}
