import { sql } from 'drizzle-orm';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { companies } from '#core/tenancy/company.table.ts';

/** The admin companies list: cross-tenant, admins only; 5 per page, newest first (spec: administration.md §2, §9). */
export const adminCompanyList = (baseDomain: string): ListResource => ({
  name: 'companies',
  table: companies,
  scope: 'system',
  idColumn: companies.id,
  fields: {
    id: { select: companies.id, sortable: true },
    name: { select: companies.name, sortable: true },
    domain: { select: companies.domain, sortable: true },
    sub_domain: { select: companies.subDomain, sortable: true },
    fqdn: { select: sql<string>`${companies.subDomain} || ${`.${baseDomain}`}` },
    database: { select: companies.database },
    created_at: { select: companies.createdAt, sortable: true },
    updated_at: { select: companies.updatedAt, sortable: true },
  },
  filters: { search: searchFilter([companies.name, companies.subDomain]) },
  defaultSort: '-created_at',
  defaultPerPage: 5,
  deletedAt: companies.deletedAt,
});
