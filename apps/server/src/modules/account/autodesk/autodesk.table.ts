import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberships } from '#core/auth/account.table.ts';

/** A member's Autodesk grant in one company (migration 0016). Tokens are AES-256-GCM text, never clear. */
export const autodeskGrants = pgTable(
  'autodesk_grants',
  {
    companyId: integer('company_id').notNull(),
    accountId: integer('account_id').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'autodesk_grants_pkey', columns: [t.companyId, t.accountId] }),
    foreignKey({
      name: 'autodesk_grants_membership_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * A connection in progress, spent by the callback, which compares `session_id` with the session
 * it arrives in. Not a foreign key to `sessions` (migration 0026): sessions stay on the Citus
 * coordinator, which a distributed table cannot reference (docs/scale.md). A state outliving its
 * session is refused by the callback and deleted once expired.
 */
export const autodeskOauthStates = pgTable(
  'autodesk_oauth_states',
  {
    companyId: integer('company_id').notNull(),
    stateHash: text('state_hash').notNull(),
    accountId: integer('account_id').notNull(),
    sessionId: integer('session_id').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    callbackUrl: text('callback_url').notNull(),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'autodesk_oauth_states_pkey', columns: [t.companyId, t.stateHash] }),
    foreignKey({
      name: 'autodesk_oauth_states_membership_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('autodesk_oauth_states_hash_idx').on(t.stateHash),
    index('autodesk_oauth_states_session_idx').on(t.sessionId),
  ],
);
