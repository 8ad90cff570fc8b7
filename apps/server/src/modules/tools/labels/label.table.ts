import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '#core/tenancy/company.table.ts';

/** Labels of a company, put on projects and libraries. */
export const labels = pgTable(
  'labels',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#868e96'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'labels_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('labels_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('labels_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('labels_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    index('labels_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
