import { ISSUE_SEVERITIES, ISSUE_STATUSES } from '@meshport/contract';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** Enums sort in declaration order, so `sort=severity` goes lowest → highest. */
export const issueSeverity = pgEnum('issue_severity', ISSUE_SEVERITIES);
export const issueStatus = pgEnum('issue_status', ISSUE_STATUSES);

/** Reported by a member of a company; platform admins read them across companies. */
export const issueReports = pgTable(
  'issue_reports',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** The reporter; kept (as null) when the account goes. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    status: issueStatus('status').notNull().default('open'),
    severity: issueSeverity('severity').notNull().default('medium'),
    /** The products the issue is about: product key → '1' (spec: administration.md §3). */
    products: jsonb('products').$type<Record<string, '1'>>().notNull().default({}),
    externalLink: text('external_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('issue_reports_created_idx').on(t.createdAt)],
);
