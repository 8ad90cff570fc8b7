import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, idSchema, LICENCES } from '@meshport/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts, membershipLicences, memberships, roles } from '#core/auth/account.table.ts';
import { idFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListJoin, type ListResource } from '#core/list/list-resource.ts';
import { companies } from '#core/tenancy/company.table.ts';
import { userActivity } from '#modules/account/activity/user-activity.table.ts';
import { groupMembers } from '#modules/security/groups/group.table.ts';
import { accountFields, adminAccountFields, membershipFields, notificationSettingsField } from './user.fields.ts';

const memberJoins: ListJoin[] = [
  { table: accounts, on: eq(accounts.id, memberships.accountId) },
  {
    table: roles,
    on: and(eq(roles.companyId, memberships.companyId), eq(roles.id, memberships.roleId)) as SQL,
    kind: 'left',
  },
];

const accountSearch = searchFilter([accounts.name, accounts.username, accounts.email]);
const zeroOne = defineFilter({
  schema: z.enum(['0', '1'], { error: () => 'Must be 0 or 1.' }).transform((value) => value === '1'),
  where: (admin: boolean) => eq(accounts.isAdmin, admin),
});

/** Security → Users: the members of the request's company (row-level security limits it). */
export const securityUserList: ListResource = {
  name: 'users',
  table: memberships,
  reads: ['groups', 'group_members', 'autodesk_grants', 'notification_settings'],
  joins: memberJoins,
  scope: 'tenant',
  idColumn: accounts.id,
  fields: {
    ...accountFields,
    ...membershipFields,
    abilities: { ...membershipFields.abilities, optIn: true } as ListResource['fields'][string],
    notification_settings: { ...notificationSettingsField, optIn: true },
  },
  filters: {
    search: accountSearch,
    role_id: idFilter(memberships.roleId),
    group_id: defineFilter({
      schema: idSchema,
      where: (id: number) =>
        sql`exists (select 1 from ${groupMembers} where ${groupMembers.companyId} = ${memberships.companyId} and ${groupMembers.accountId} = ${memberships.accountId} and ${groupMembers.groupId} = ${id})`,
    }),
    licence: defineFilter({
      schema: z.enum(LICENCES, { error: () => `Must be one of: ${LICENCES.join(', ')}.` }),
      where: (key: string) =>
        sql`exists (select 1 from ${membershipLicences} where ${membershipLicences.companyId} = ${memberships.companyId} and ${membershipLicences.accountId} = ${memberships.accountId} and ${membershipLicences.licenceKey} = ${key})`,
    }),
    admin: zeroOne,
  },
  defaultSort: ADMIN_DEFAULT_SORTS.list,
  defaultPerPage: DEFAULT_PER_PAGE,
};

/**
 * My Account: the signed-in member's own record. `settings` (notification settings) and
 * `abilities` are returned unless excluded (`excluded_fields=users.settings,users.abilities`).
 */
export const myAccountResource: ListResource = {
  ...securityUserList,
  fields: {
    ...accountFields,
    ...membershipFields,
    settings: notificationSettingsField,
  },
  filters: {},
  baseWhere: (context) => (context.accountId === null ? sql`false` : eq(memberships.accountId, context.accountId)),
};

/** Admin → Users: every account on the platform, with the companies it belongs to. */
export const adminUserList: ListResource = {
  name: 'users',
  table: accounts,
  scope: 'system',
  idColumn: accounts.id,
  fields: {
    ...adminAccountFields,
    companies: {
      select: sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', ${companies.id}, 'name', ${companies.name}) order by ${companies.name}) from ${memberships} join ${companies} on ${companies.id} = ${memberships.companyId} where ${memberships.accountId} = ${accounts.id}), '[]'::json)`,
    },
  },
  filters: {
    search: accountSearch,
    company_id: defineFilter({
      schema: idSchema,
      where: (id: number) =>
        sql`exists (select 1 from ${memberships} where ${memberships.accountId} = ${accounts.id} and ${memberships.companyId} = ${id})`,
    }),
    admin: zeroOne,
  },
  defaultSort: ADMIN_DEFAULT_SORTS.list,
  defaultPerPage: DEFAULT_PER_PAGE,
};

/** My Account → Activity: the member's own actions in this company, newest first. */
export const userActivityList: ListResource = {
  name: 'activity',
  table: userActivity,
  reads: [],
  scope: 'tenant',
  idColumn: userActivity.id,
  fields: {
    id: { select: userActivity.id, sortable: true },
    action: { select: userActivity.action, sortable: true },
    datetime: { select: userActivity.createdAt, sortable: true },
  },
  filters: { search: searchFilter([userActivity.action]) },
  defaultSort: ADMIN_DEFAULT_SORTS.activity,
  defaultPerPage: DEFAULT_PER_PAGE,
  baseWhere: (context) => (context.accountId === null ? sql`false` : eq(userActivity.accountId, context.accountId)),
};
