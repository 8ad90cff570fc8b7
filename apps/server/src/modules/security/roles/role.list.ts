import { sql } from 'drizzle-orm';
import { roleAbilities, roles } from '#core/auth/account.table.ts';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';

export const roleList: ListResource = {
  name: 'roles',
  table: roles,
  reads: [],
  scope: 'tenant',
  idColumn: roles.id,
  fields: {
    id: { select: roles.id, sortable: true },
    title: { select: roles.title, sortable: true },
    description: { select: roles.description, sortable: true },
    created_at: { select: roles.createdAt, sortable: true },
    updated_at: { select: roles.updatedAt, sortable: true },
    abilities: {
      select: sql<
        string[]
      >`coalesce((select array_agg(${roleAbilities.abilityKey} order by ${roleAbilities.abilityKey}) from ${roleAbilities} where ${roleAbilities.companyId} = ${roles.companyId} and ${roleAbilities.roleId} = ${roles.id}), '{}')`,
    },
  },
  filters: { search: searchFilter([roles.title, roles.description]) },
  defaultSort: '-created_at',
  defaultPerPage: 5,
};
