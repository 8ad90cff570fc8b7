import { CHANGELOG_TYPES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Platform-wide release notes: written by platform admins, read by every member (Updates panel). */
export const changelogItems = pgTable(
  'changelog_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type', { enum: CHANGELOG_TYPES }).notNull(),
    description: text('description').notNull(),
    screenshotPath: text('screenshot_path'),
    /** The day the change reached each environment; null while it has not. */
    dateOnDevelopment: date('date_on_development', { mode: 'string' }),
    dateOnTest: date('date_on_test', { mode: 'string' }),
    dateOnAcceptance: date('date_on_acceptance', { mode: 'string' }),
    dateOnProduction: date('date_on_production', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('changelog_items_type_check', sql`${t.type} in ('added', 'updated', 'fixed')`),
    index('changelog_items_created_idx').on(t.createdAt),
  ],
);
