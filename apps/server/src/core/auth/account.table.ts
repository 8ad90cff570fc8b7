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
import { companies } from '#core/tenancy/company.table.ts';

/** Reference tables: the same rows for every tenant. */
export const abilities = pgTable('abilities', {
  key: text('key').primaryKey(),
  groupName: text('group_name').notNull(),
});

export const licences = pgTable('licences', {
  key: text('key').primaryKey(),
});

/** One account per person; memberships tie it to companies. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    phoneNumber: text('phone_number'),
    function: text('function'),
    profileImagePath: text('profile_image_path'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    // The user lists search name, username and e-mail with ilike '%term%'.
    index('accounts_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('accounts_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    index('accounts_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * A membership's role, its abilities and the membership's licences: what a member may do, which
 * the session lookup reads on every request (session.repository.ts) and the access checks use.
 * They stay in core with the memberships that reference them; Security → Roles manages them.
 */
export const roles = pgTable(
  'roles',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const roleAbilities = pgTable(
  'role_abilities',
  {
    companyId: integer('company_id').notNull(),
    roleId: integer('role_id').notNull(),
    abilityKey: text('ability_key')
      .notNull()
      .references(() => abilities.key),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.roleId, t.abilityKey] }),
    foreignKey({ columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }).onDelete('cascade'),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.accountId] }),
    foreignKey({ columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }),
    index('memberships_account_idx').on(t.accountId),
  ],
);

export const membershipLicences = pgTable(
  'membership_licences',
  {
    companyId: integer('company_id').notNull(),
    accountId: integer('account_id').notNull(),
    licenceKey: text('licence_key')
      .notNull()
      .references(() => licences.key),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.accountId, t.licenceKey] }),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [memberships.companyId, memberships.accountId],
    }).onDelete('cascade'),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
