import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, LICENCES } from '@meshport/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roles } from '#core/auth/account.table.ts';
import { searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import { companyInvitations as i } from './invitation.table.ts';

const status = sql<'invited' | 'expired'>`(case when ${i.expiresAt} > now() then 'invited' else 'expired' end)`;

/**
 * Security → Users, the invitations this company sent: the address it typed, its own role and
 * licences, and the status. No column of the invited account is read.
 */
export const invitationList: ListResource = {
  name: 'invitations',
  table: i,
  joins: [
    {
      table: roles,
      on: and(sql`${roles.companyId} = ${i.companyId}`, sql`${roles.id} = ${i.roleId}`) as SQL,
      kind: 'left',
    },
  ],
  scope: 'tenant',
  idColumn: i.id,
  fields: {
    id: { select: i.id, sortable: true },
    email: { select: i.email, sortable: true },
    status: { select: status },
    role_id: { select: i.roleId },
    role: {
      select: sql<{
        id: number;
        title: string;
      } | null>`(case when ${roles.id} is null then null else json_build_object('id', ${roles.id}, 'title', ${roles.title}) end)`,
    },
    licenses: { select: i.licences },
    created_at: { select: i.createdAt, sortable: true },
    updated_at: { select: i.updatedAt, sortable: true },
    expires_at: { select: i.expiresAt, sortable: true },
  },
  filters: {
    search: searchFilter([i.email]),
    status: defineFilter({
      schema: z.enum(['invited', 'expired'], { error: () => 'Must be invited or expired.' }),
      where: (value: string) => (value === 'invited' ? sql`${i.expiresAt} > now()` : sql`${i.expiresAt} <= now()`),
    }),
    licence: defineFilter({
      schema: z.enum(LICENCES, { error: () => `Must be one of: ${LICENCES.join(', ')}.` }),
      where: (key: string) => sql`${key} = any(${i.licences})`,
    }),
  },
  defaultSort: ADMIN_DEFAULT_SORTS.list,
  defaultPerPage: DEFAULT_PER_PAGE,
};
