import { RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberships } from '#core/auth/account.table.ts';
import {
  contentIndexes,
  live,
  recordColumns,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';
import { labels } from '#modules/tools/labels/label.table.ts';

/** Projects, with sub-projects by `parent_id`; soft-deleted into the recycle bin. */
export const projects = pgTable(
  'projects',
  {
    ...tenantKeyColumns(),
    parentId: integer('parent_id'),
    ...recordColumns(RECORD_STATUSES, 'active'),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'projects_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'projects_parent_fk',
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    index('projects_parent_updated_idx').on(t.companyId, t.parentId, t.updatedAt, t.id).where(live),
    // Every row, for the parent foreign key's cascade when the purge deletes (migration 0011).
    index('projects_parent_idx').on(t.companyId, t.parentId),
    ...contentIndexes('projects', t, 'updatedAt'),
    index('projects_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const projectLabels = pgTable(
  'project_labels',
  {
    companyId: integer('company_id').notNull(),
    projectId: integer('project_id').notNull(),
    labelId: integer('label_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_labels_pkey', columns: [t.companyId, t.projectId, t.labelId] }),
    foreignKey({
      name: 'project_labels_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_labels_label_fk',
      columns: [t.companyId, t.labelId],
      foreignColumns: [labels.companyId, labels.id],
    }).onDelete('cascade'),
    index('project_labels_label_idx').on(t.companyId, t.labelId, t.projectId),
  ],
);

/** Members of a project: accounts that are members of the company. */
export const projectUsers = pgTable(
  'project_users',
  {
    companyId: integer('company_id').notNull(),
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_users_pkey', columns: [t.companyId, t.projectId, t.accountId] }),
    foreignKey({
      name: 'project_users_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_users_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('project_users_account_idx').on(t.companyId, t.accountId),
  ],
);

/** A user's favourite projects (the customerportal star). */
export const projectFavorites = pgTable(
  'project_favorites',
  {
    companyId: integer('company_id').notNull(),
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'project_favorites_pkey', columns: [t.companyId, t.accountId, t.projectId] }),
    foreignKey({
      name: 'project_favorites_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_favorites_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('project_favorites_project_idx').on(t.companyId, t.projectId),
  ],
);
