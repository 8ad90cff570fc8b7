import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The tenants themselves. Not a tenant table: rows are read before a tenant is known. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    subDomain: text('sub_domain').notNull(),
    domain: text('domain'),
    database: text('database'),
    logoPath: text('logo_path'),
    backgroundImagePath: text('background_image_path'),
    primaryColor: text('primary_color').notNull().default('default'),
    primaryAccent: text('primary_accent').notNull().default('default'),
    /** The last saved custom colours (migration 0019): what My Company's custom toggle brings back. */
    customPrimaryColor: text('custom_primary_color'),
    customPrimaryAccent: text('custom_primary_accent'),
    demoModelId: integer('demo_model_id'),
    address: text('address'),
    postalCode: text('postal_code'),
    country: text('country'),
    city: text('city'),
    phoneNumber: text('phone_number'),
    website: text('website'),
    description: text('description'),
    autodeskIntegration: text('autodesk_integration', { enum: ['no', 'yes', 'yes_always_prompt'] })
      .notNull()
      .default('no'),
    /** Bytes the company's uploads may take; null: the configured default (migration 0012). */
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('companies_sub_domain_key').on(t.subDomain)],
);

export type CompanyRow = typeof companies.$inferSelect;
