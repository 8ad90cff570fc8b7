import { RECORD_STATUSES } from '@meshport/contract';
import { foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import {
  contentIndexes,
  live,
  recordColumns,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';
import { labels } from '#modules/tools/labels/label.table.ts';

/** Libraries of 3D items: a tree by `parent_id`. */
export const libraries = pgTable(
  'libraries',
  {
    ...tenantKeyColumns(),
    parentId: integer('parent_id'),
    ...recordColumns(RECORD_STATUSES, 'active'),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'libraries_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'libraries_parent_fk',
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    index('libraries_parent_updated_idx').on(t.companyId, t.parentId, t.updatedAt, t.id).where(live),
    ...contentIndexes('libraries', t),
  ],
);

export const libraryLabels = pgTable(
  'library_labels',
  {
    companyId: integer('company_id').notNull(),
    libraryId: integer('library_id').notNull(),
    labelId: integer('label_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'library_labels_pkey', columns: [t.companyId, t.libraryId, t.labelId] }),
    foreignKey({
      name: 'library_labels_library_fk',
      columns: [t.companyId, t.libraryId],
      foreignColumns: [libraries.companyId, libraries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'library_labels_label_fk',
      columns: [t.companyId, t.labelId],
      foreignColumns: [labels.companyId, labels.id],
    }).onDelete('cascade'),
    index('library_labels_label_idx').on(t.companyId, t.labelId, t.libraryId),
  ],
);
