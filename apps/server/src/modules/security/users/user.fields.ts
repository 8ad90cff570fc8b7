import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { accounts, membershipLicences, memberships, roleAbilities, roles } from '#core/auth/account.table.ts';
import type { ListField } from '#core/list/list-resource.ts';
import { autodeskAccountFields, autodeskMemberFields } from '#modules/account/autodesk/autodesk.fields.ts';
import { notificationSettings } from '#modules/account/notifications/notification.table.ts';
import { groupMembers, groups } from '#modules/security/groups/group.table.ts';

/** The account columns every user list shares (administration.md §3 User). */
const accountColumns: Record<string, ListField> = {
  id: { select: accounts.id, sortable: true },
  name: { select: accounts.name, sortable: true },
  username: { select: accounts.username, sortable: true },
  email: { select: accounts.email, sortable: true },
  phone_number: { select: accounts.phoneNumber, sortable: true },
  function: { select: accounts.function, sortable: true },
  admin: { select: sql<0 | 1>`(case when ${accounts.isAdmin} then 1 else 0 end)`, sortable: true },
  profile_image: {
    select: sql<
      string | null
    >`(case when ${accounts.profileImagePath} is null then null else '/v2/accounts/' || ${accounts.id} || '/profile-image' end)`,
  },
  email_verified: { select: sql<boolean>`(${accounts.emailVerifiedAt} is not null)`, sortable: true },
  email_verified_at: { select: accounts.emailVerifiedAt, sortable: true },
  created_at: { select: accounts.createdAt, sortable: true },
  updated_at: { select: accounts.updatedAt, sortable: true },
};

/** A member's account in the lists of a company (its memberships joined with accounts). */
export const accountFields: Record<string, ListField> = { ...accountColumns, ...autodeskMemberFields };

/** An account in the platform admins' list (accounts alone, every company). */
export const adminAccountFields: Record<string, ListField> = { ...accountColumns, ...autodeskAccountFields };

/** What the membership in the request's company adds: role, licences, groups, abilities. */
export const membershipFields: Record<string, ListField> = {
  role_id: { select: memberships.roleId, sortable: true },
  role: {
    select: sql<{
      id: number;
      title: string;
    } | null>`(case when ${roles.id} is null then null else json_build_object('id', ${roles.id}, 'title', ${roles.title}) end)`,
  },
  licenses: {
    select: sql<
      string[]
    >`coalesce((select array_agg(${membershipLicences.licenceKey} order by ${membershipLicences.licenceKey}) from ${membershipLicences} where ${membershipLicences.companyId} = ${memberships.companyId} and ${membershipLicences.accountId} = ${memberships.accountId}), '{}')`,
  },
  groups: {
    select: sql<
      { id: number; name: string }[]
    >`coalesce((select json_agg(json_build_object('id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name}, ${groups.id}) from ${groupMembers} join ${groups} on ${groups.companyId} = ${groupMembers.companyId} and ${groups.id} = ${groupMembers.groupId} where ${groupMembers.companyId} = ${memberships.companyId} and ${groupMembers.accountId} = ${memberships.accountId}), '[]'::json)`,
  },
  abilities: {
    select: sql<
      string[]
    >`coalesce((select array_agg(${roleAbilities.abilityKey} order by ${roleAbilities.abilityKey}) from ${roleAbilities} where ${roleAbilities.companyId} = ${memberships.companyId} and ${roleAbilities.roleId} = ${memberships.roleId}), '{}')`,
  },
};

const typeRows = sql.join(
  NOTIFICATION_TYPES.map(
    (type, position) =>
      sql`(${type.id}::int, ${type.title}::text, ${type.category}::text, ${type.email}::boolean, ${position}::int, ${NOTIFICATION_CATEGORIES.indexOf(type.category)}::int)`,
  ),
  sql`, `,
);

/**
 * The member's notification settings grouped by category, every type with the stored
 * choice or its default (e-mail per type, in-portal on): the shape of GET
 * /my-account/notifications/settings.
 */
export const notificationSettingsField: ListField = {
  select: sql<
    unknown[]
  >`(select coalesce(json_agg(json_build_object('category', c.category, 'settings', c.settings) order by c.category_position), '[]'::json) from (
    select t.category, min(t.category_position) as category_position,
      json_agg(json_build_object(
        'notification_type_id', t.id,
        'notification_type_title', t.title,
        'email', case when coalesce(ns.email, t.email) then 1 else 0 end,
        'browser', case when coalesce(ns.browser, true) then 1 else 0 end
      ) order by t.position) as settings
    from (values ${typeRows}) as t(id, title, category, email, position, category_position)
    left join ${notificationSettings} ns on ns.company_id = ${memberships.companyId} and ns.account_id = ${memberships.accountId} and ns.notification_type_id = t.id
    group by t.category) c)`,
};
