import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberships } from '#core/auth/account.table.ts';
import { designs } from '#modules/content/designs/design.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import { tenantKeyColumns } from '#modules/content/shared/content-columns.ts';

/**
 * A link that opens a design or a model without an account (issue 30). Only the SHA-256 of its
 * token is kept. A design's link shows the design's model; a model's link has no design.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    ...tenantKeyColumns(),
    tokenHash: text('token_hash').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    designId: integer('design_id'),
    /** The sharer: the link dies with their membership. */
    createdBy: integer('created_by').notNull(),
    /** Whether the visitor may switch finishes among those each slot allows. */
    allowConfigure: boolean('allow_configure').notNull().default(true),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'share_links_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('share_links_token_key').on(t.companyId, t.tokenHash),
    foreignKey({
      name: 'share_links_project_model_fk',
      columns: [t.companyId, t.projectModelId],
      foreignColumns: [projectModels.companyId, projectModels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'share_links_design_fk',
      columns: [t.companyId, t.designId],
      foreignColumns: [designs.companyId, designs.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'share_links_creator_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('share_links_model_idx').on(t.companyId, t.projectModelId, t.createdAt, t.id),
    index('share_links_design_idx').on(t.companyId, t.designId, t.createdAt, t.id).where(sql`design_id is not null`),
    index('share_links_creator_idx').on(t.companyId, t.createdBy),
  ],
);
