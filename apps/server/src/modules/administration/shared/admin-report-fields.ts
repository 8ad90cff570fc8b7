import { type Column, eq } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import type { ListField, ListJoin } from '#core/list/list-resource.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** A report of any company, sent by an account (kept when the account goes: a left join). */
export function reporterJoins(companyId: Column, accountId: Column): ListJoin[] {
  return [
    { table: companies, on: eq(companies.id, companyId) },
    { table: accounts, on: eq(accounts.id, accountId), kind: 'left' },
  ];
}

/** `company.{id,name}` and `user.{id,name,email}` of the report, from `reporterJoins`. */
export const reporterFields = (): Record<string, ListField> => ({
  'company.id': { select: companies.id },
  'company.name': { select: companies.name, sortable: true },
  'user.id': { select: accounts.id },
  'user.name': { select: accounts.name, sortable: true },
  'user.email': { select: accounts.email, sortable: true },
});

/** The reporter columns free-text search also looks in. */
export const reporterSearchColumns = [companies.name, accounts.name, accounts.email];
