import { RECORD_STATUSES } from '@meshport/contract';
import { boolean, foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from '#core/tenancy/company.table.ts';
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
    /** Live items in the library and its live sub-libraries, kept by triggers (migration 0009). */
    indirectItemsCount: integer('indirect_items_count').notNull().default(0),
    /** Items there that a live model uses; `is_deletable` is this being 0 (migration 0009). */
    connectedItemsCount: integer('connected_items_count').notNull().default(0),
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

/**
 * For each item, the libraries whose subtree holds it (its libraries and their parent chains
 * while out of the bin), with the item's flags: what the counts of `libraries` sum up. Written
 * only by the triggers of migration 0009, never by the application.
 */
export const libraryTreeItems = pgTable(
  'library_tree_items',
  {
    companyId: integer('company_id').notNull(),
    libraryId: integer('library_id').notNull(),
    libraryItemId: integer('library_item_id').notNull(),
    live: boolean('live').notNull(),
    connected: boolean('connected').notNull(),
  },
  (t) => [
    primaryKey({ name: 'library_tree_items_pkey', columns: [t.companyId, t.libraryId, t.libraryItemId] }),
    // The name PostgreSQL gave the inline REFERENCES of migration 0009.
    foreignKey({
      name: 'library_tree_items_company_id_fkey',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    index('library_tree_items_item_idx').on(t.companyId, t.libraryItemId),
  ],
);
