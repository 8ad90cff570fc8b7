import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberships } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** What a member did in a company (My Account → Activity): tenant rows, newest read first. */
export const userActivity = pgTable(
  'user_activity',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('user_activity_account_idx').on(t.companyId, t.accountId, t.createdAt),
  ],
);
