import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** A member's rating of the product; platform admins read them across companies. */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('feedback_reports_rating_check', sql`${t.rating} between 1 and 5`),
    index('feedback_reports_created_idx').on(t.createdAt),
  ],
);
