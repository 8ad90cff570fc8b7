import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

export const UPLOAD_STATES = ['receiving', 'finished', 'claimed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Resumable uploads (tus) of a company: one row per upload, kept in step with the tus store. */
export const uploads = pgTable(
  'uploads',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileType: text('file_type'),
    /** Set once the first bytes matched the name (`detectUploadKind`). */
    kind: text('kind'),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    state: text('state', { enum: UPLOAD_STATES }).notNull().default('receiving'),
    /** Where the finished bytes are, in the storage (`FileStorage`). */
    storageKey: text('storage_key').notNull(),
    /** The first bytes (under 4 KiB) while the content check waits for more. */
    head: bytea('head'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'uploads_pkey', columns: [t.companyId, t.id] }),
    check('uploads_state_check', sql`${t.state} in ('receiving', 'finished', 'claimed')`),
    check('uploads_size_check', sql`${t.size} >= 0 and ${t.received} >= 0 and ${t.received} <= ${t.size}`),
    index('uploads_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'receiving'`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
