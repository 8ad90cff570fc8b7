import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { groupMembers, groups } from './group.table.ts';

/** Security → Groups of the request's company; `users` can be left out with excluded_fields=groups.users. */
export const groupList: ListResource = {
  name: 'groups',
  table: groups,
  reads: ['group_members'],
  scope: 'tenant',
  idColumn: groups.id,
  fields: {
    id: { select: groups.id, sortable: true },
    name: { select: groups.name, sortable: true },
    description: { select: groups.description, sortable: true },
    created_at: { select: groups.createdAt, sortable: true },
    updated_at: { select: groups.updatedAt, sortable: true },
    users_count: {
      select: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.companyId} = ${groups.companyId} and ${groupMembers.groupId} = ${groups.id})`,
      sortable: true,
    },
    users: {
      select: sql<
        { id: number; name: string; email: string }[]
      >`coalesce((select json_agg(json_build_object('id', ${accounts.id}, 'name', ${accounts.name}, 'email', ${accounts.email}) order by ${accounts.name}, ${accounts.id}) from ${groupMembers} join ${accounts} on ${accounts.id} = ${groupMembers.accountId} where ${groupMembers.companyId} = ${groups.companyId} and ${groupMembers.groupId} = ${groups.id}), '[]'::json)`,
    },
  },
  filters: { search: searchFilter([groups.name, groups.description]) },
  defaultSort: ADMIN_DEFAULT_SORTS.list,
  defaultPerPage: DEFAULT_PER_PAGE,
};
