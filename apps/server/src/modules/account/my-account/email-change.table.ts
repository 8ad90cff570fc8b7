import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/**
 * A new e-mail address asked for on My Account, waiting for its owner to follow the link mailed
 * to it; until then the account's address stays what it was (sign-in, resets). One per account:
 * a newer request replaces it. Only the SHA-256 of the link's token is stored.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The company the change was asked in: the mails are sent in its name. */
    askedInCompanyId: integer('asked_in_company_id').references(() => companies.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_key').on(t.tokenHash)],
);
