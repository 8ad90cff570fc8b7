import { DESIGN_PREVIEW_STATES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, memberships } from '#core/auth/account.table.ts';
import { materials } from '#modules/content/materials/material.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import { projects } from '#modules/content/projects/project.table.ts';
import { tenantKeyColumns } from '#modules/content/shared/content-columns.ts';

/**
 * A design (issue 30): a model of a project configured with one material per slot, saved under a
 * name. Its choices are rows of `design_choices`; a slot without a row shows the slot's default.
 */
export const designs = pgTable(
  'designs',
  {
    ...tenantKeyColumns(),
    projectId: integer('project_id').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    name: text('name').notNull(),
    /** Who saved it; kept (as null) when the account goes. */
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The preview the server renders of the configured model (`preview_status` says how far it got). */
    previewKey: text('preview_key'),
    previewStatus: text('preview_status', { enum: DESIGN_PREVIEW_STATES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'designs_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'designs_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'designs_project_model_fk',
      columns: [t.companyId, t.projectModelId],
      foreignColumns: [projectModels.companyId, projectModels.id],
    }).onDelete('cascade'),
    index('designs_project_updated_idx').on(t.companyId, t.projectId, t.updatedAt, t.id),
    index('designs_project_name_idx').on(t.companyId, t.projectId, t.name, t.id),
    index('designs_project_model_idx').on(t.companyId, t.projectModelId),
    index('designs_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The material a design chose for one slot of its model; null chooses the model's own material there. */
export const designChoices = pgTable(
  'design_choices',
  {
    companyId: integer('company_id').notNull(),
    designId: integer('design_id').notNull(),
    slotIndex: integer('slot_index').notNull(),
    materialId: integer('material_id'),
  },
  (t) => [
    primaryKey({ name: 'design_choices_pkey', columns: [t.companyId, t.designId, t.slotIndex] }),
    foreignKey({
      name: 'design_choices_design_fk',
      columns: [t.companyId, t.designId],
      foreignColumns: [designs.companyId, designs.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'design_choices_material_fk',
      columns: [t.companyId, t.materialId],
      foreignColumns: [materials.companyId, materials.id],
    }).onDelete('cascade'),
    index('design_choices_material_idx').on(t.companyId, t.materialId),
  ],
);

/** A user's favourite designs (the customerportal star, as for projects). */
export const designFavorites = pgTable(
  'design_favorites',
  {
    companyId: integer('company_id').notNull(),
    designId: integer('design_id').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'design_favorites_pkey', columns: [t.companyId, t.accountId, t.designId] }),
    foreignKey({
      name: 'design_favorites_design_fk',
      columns: [t.companyId, t.designId],
      foreignColumns: [designs.companyId, designs.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'design_favorites_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('design_favorites_design_idx').on(t.companyId, t.designId),
  ],
);
