import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberships } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** A company's groups of members (Security → Groups); nothing in core reads them. */
export const groups = pgTable(
  'groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('groups_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    companyId: integer('company_id').notNull(),
    groupId: integer('group_id').notNull(),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.accountId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
  ],
);
