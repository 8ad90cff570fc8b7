import { GEOMETRY_SUBJECT_KINDS, LIBRARY_ITEM_STATUSES, MODEL_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { projects } from '#modules/content/projects/project.table.ts';
import {
  contentIndexes,
  live,
  processingColumns,
  recordColumns,
  sortIndexes,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';

/** 3D models of a project, processed by the pipeline (modules/processing). */
export const projectModels = pgTable(
  'project_models',
  {
    ...tenantKeyColumns(),
    projectId: integer('project_id').notNull(),
    ...recordColumns(MODEL_STATUSES, 'UPLOADING'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The uploader's account; kept (as null) when the account goes. */
    uploaderId: integer('uploader_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...processingColumns(),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'project_models_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'project_models_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    ...contentIndexes('project_models', t, 'createdAt'),
    // Migration 0017.
    ...sortIndexes('project_models', t, {
      description: t.description,
      status: t.status,
      started_at: t.startedAt,
      finished_at: t.finishedAt,
    }),
    index('project_models_project_idx').on(t.companyId, t.projectId, t.createdAt, t.id).where(live),
    // Every row, for the project foreign key's cascade when the purge deletes (migration 0011).
    index('project_models_project_all_idx').on(t.companyId, t.projectId),
    // The reconciler's stuck records (migration 0013).
    index('project_models_in_processing_idx')
      .on(t.companyId, t.id)
      .where(sql`status in ('QUEUED','PROCESSING') and deleted_at is null`),
  ],
);

/**
 * The steps of processing a model or library item, each with a human message. No foreign
 * key to the subject (it is one of two tables); the newest per subject is found by index.
 */
export const geometryEvents = pgTable(
  'geometry_events',
  {
    ...tenantKeyColumns(),
    subjectKind: text('subject_kind', { enum: GEOMETRY_SUBJECT_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    step: text('step').notNull(),
    message: text('message').notNull(),
    /** The message's code and parameters, so that it is shown in the reader's language; null before (decision 0038). */
    messageCode: text('message_code'),
    messageParams: jsonb('message_params').$type<Record<string, string>>(),
    status: text('status', { enum: LIBRARY_ITEM_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'geometry_events_pkey', columns: [t.companyId, t.id] }),
    index('geometry_events_subject_idx').on(t.companyId, t.subjectKind, t.subjectId, t.createdAt.desc(), t.id.desc()),
  ],
);
