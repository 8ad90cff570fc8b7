import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, roles } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** An existing account asked to join a company (migration 0021); the membership exists only once it accepts. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').notNull(),
    /** The address as the company typed it: all it knows of the account. */
    email: text('email').notNull(),
    roleId: integer('role_id').notNull(),
    licences: text('licences').array().notNull().default(sql`'{}'`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The names migration 0021 gave (its inline REFERENCES named by PostgreSQL).
    primaryKey({ name: 'company_invitations_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'company_invitations_company_id_fkey',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'company_invitations_account_id_fkey',
      columns: [t.accountId],
      foreignColumns: [accounts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'company_invitations_invited_by_fkey',
      columns: [t.invitedBy],
      foreignColumns: [accounts.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'company_invitations_role_fk',
      columns: [t.companyId, t.roleId],
      foreignColumns: [roles.companyId, roles.id],
    }).onDelete('cascade'),
    uniqueIndex('company_invitations_account_key').on(t.companyId, t.accountId),
    index('company_invitations_account_idx').on(t.accountId),
    uniqueIndex('company_invitations_token_key').on(t.companyId, t.tokenHash),
  ],
);
