import { LIBRARY_ITEM_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { libraries } from '#modules/content/libraries/library.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import {
  contentIndexes,
  processingColumns,
  recordColumns,
  sortIndexes,
  statusSortIndexes,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';

/** 3D items; an item may sit in several libraries (or none). */
export const libraryItems = pgTable(
  'library_items',
  {
    ...tenantKeyColumns(),
    ...recordColumns(LIBRARY_ITEM_STATUSES, 'UPLOADING'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    uploaderId: integer('uploader_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...processingColumns(),
    /**
     * How many libraries not in the bin hold the item, kept by triggers (migration 0006):
     * `filter[library]=null` then reads a small partial index instead of every item.
     */
    liveLibraryCount: integer('live_library_count').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'library_items_pkey', columns: [t.companyId, t.id] }),
    ...contentIndexes('library_items', t, 'createdAt'),
    ...sortIndexes('library_items', t, {
      description: t.description,
      status: t.status,
      started_at: t.startedAt,
      finished_at: t.finishedAt,
    }),
    // Also library_items_updated_name_idx (migration 0019): (company_id, updated_at, id) INCLUDE
    // (name), which Drizzle's index builder cannot declare, for the global search's walk.
    // A status filter with any sort (migration 0017): the order of one status, both ways.
    ...statusSortIndexes('library_items', t, {
      name: t.name,
      description: t.description,
      started_at: t.startedAt,
      finished_at: t.finishedAt,
      updated: t.updatedAt,
    }),
    index('library_items_in_no_library_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`live_library_count = 0 and deleted_at is null`),
    // The reconciler's stuck records (migration 0013).
    index('library_items_in_processing_idx')
      .on(t.companyId, t.id)
      .where(sql`status in ('QUEUED','PROCESSING') and deleted_at is null`),
  ],
);

export const libraryItemLibraries = pgTable(
  'library_item_libraries',
  {
    companyId: integer('company_id').notNull(),
    libraryId: integer('library_id').notNull(),
    libraryItemId: integer('library_item_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'library_item_libraries_pkey', columns: [t.companyId, t.libraryId, t.libraryItemId] }),
    foreignKey({
      name: 'library_item_libraries_library_fk',
      columns: [t.companyId, t.libraryId],
      foreignColumns: [libraries.companyId, libraries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'library_item_libraries_library_item_fk',
      columns: [t.companyId, t.libraryItemId],
      foreignColumns: [libraryItems.companyId, libraryItems.id],
    }).onDelete('cascade'),
    index('library_item_libraries_item_idx').on(t.companyId, t.libraryItemId),
  ],
);

/** Which library items a model uses: while connected, an item cannot be deleted. */
export const projectModelLibraryItems = pgTable(
  'project_model_library_items',
  {
    companyId: integer('company_id').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    libraryItemId: integer('library_item_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_model_library_items_pkey', columns: [t.companyId, t.projectModelId, t.libraryItemId] }),
    foreignKey({
      name: 'project_model_library_items_project_model_fk',
      columns: [t.companyId, t.projectModelId],
      foreignColumns: [projectModels.companyId, projectModels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_model_library_items_library_item_fk',
      columns: [t.companyId, t.libraryItemId],
      foreignColumns: [libraryItems.companyId, libraryItems.id],
    }).onDelete('cascade'),
    index('project_model_library_items_item_idx').on(t.companyId, t.libraryItemId),
  ],
);
