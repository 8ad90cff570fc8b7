import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { licences } from '#core/auth/account.table.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** Seats a company bought per licence; the used count comes from membership_licences. */
export const companyLicences = pgTable(
  'company_licences',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    licenceKey: text('licence_key')
      .notNull()
      .references(() => licences.key),
    bought: integer('bought').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.licenceKey] }),
    check('company_licences_bought_check', sql`${t.bought} >= 0`),
  ],
);
