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
import { companies } from '#core/tenancy/company.table.ts';

/** Reference table: the kinds of notification, with the fixed ids of the contract's NOTIFICATION_TYPES. */
export const notificationTypes = pgTable(
  'notification_types',
  {
    id: integer('id').primaryKey(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    defaultEmail: boolean('default_email').notNull().default(false),
  },
  (t) => [uniqueIndex('notification_types_key_key').on(t.key)],
);

/** A notification for one member of one company (the bell). */
export const notifications = pgTable(
  'notifications',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => notificationTypes.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
    index('notifications_recipient_idx').on(t.companyId, t.accountId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.companyId, t.accountId).where(sql`${t.readAt} is null`),
  ],
);

/** A member's choice per notification type; a missing row means the type's defaults. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    typeId: integer('notification_type_id')
      .notNull()
      .references(() => notificationTypes.id),
    email: boolean('email').notNull(),
    browser: boolean('browser').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.accountId, t.typeId] }),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
