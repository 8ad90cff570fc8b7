import { Badge, Group, Tooltip } from '@mantine/core';
import {
  ADMIN_DEFAULT_SORTS,
  type AuthUser,
  DEFAULT_PER_PAGE,
  groupEndpoints,
  hasPermission,
  roleEndpoints,
  userEndpoints,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceColumn, ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { RecordNameCell } from '@/shared/resource-list/record-name-cell.component.tsx';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteAdminUser } from '../api/delete-admin-user.api.ts';
import { deleteGroup } from '../api/delete-group.api.ts';
import { deleteRole } from '../api/delete-role.api.ts';
import { deleteUser } from '../api/delete-user.api.ts';

type Security = TFunction<'security'>;
type Viewer = Pick<AuthUser, 'id' | 'admin' | 'abilities'>;

/** The list settings every security list shares (§9: page size 5, -created_at, 'no results found'). */
function common<R extends { created_at: string }>(t: Security, language: string | undefined) {
  const created: ResourceColumn<R> = {
    id: 'created_at',
    header: t('columns.created'),
    cell: (row) => formatDateTime(row.created_at, { locale: language }),
    sortField: 'created_at',
  };
  return {
    views: ['table' as const],
    perPage: DEFAULT_PER_PAGE,
    defaultSort: ADMIN_DEFAULT_SORTS.list,
    emptyText: t('emptyList'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    created,
  };
}

/** The role and licence columns of a member or an invitation (what was given, whoever holds it). */
export function roleAndLicenceColumns<R extends { role: { title: string } | null; licenses: readonly string[] }>(
  t: Security,
): ResourceColumn<R>[] {
  return [
    { id: 'role', header: t('columns.role'), cell: (row) => row.role?.title ?? '---' },
    {
      id: 'licenses',
      header: t('columns.licences'),
      cell: (row) =>
        row.licenses.length === 0 ? (
          '---'
        ) : (
          <Group gap={4}>
            {row.licenses.map((licence) => (
              <Badge key={licence} variant="light" size="sm">
                {t(`licences.${licence}`, { defaultValue: licence })}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];
}

type UserRow = RowOf<typeof userEndpoints.list>;

export function usersListDeclaration(
  t: Security,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof userEndpoints.list, UserRow> {
  const { created, ...shared } = common<UserRow>(t, language);
  const canEdit = hasPermission(user, 'update-users');
  return {
    ...shared,
    id: 'security-users',
    endpoint: userEndpoints.list,
    resource: 'users',
    query: { excluded_fields: ['users.groups'] },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('users.title'),
    loadingText: t('users.loading'),
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => <RecordNameCell name={row.name} to={canEdit ? paths.security.users.edit(row.id) : null} />,
        sortField: 'name',
      },
      { id: 'username', header: t('columns.username'), cell: (row) => row.username, sortField: 'username' },
      { id: 'email', header: t('columns.email'), cell: (row) => row.email, sortField: 'email' },
      ...roleAndLicenceColumns<UserRow>(t),
      created,
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-users',
        to: (row) => paths.security.users.edit(row.id),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-users',
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        disabled: (row) => row.id === user.id,
        tooltip: () => t('users.notSelf'),
        confirm: () => t('users.confirmDelete'),
        onClick: async (row) => ({ success: t('users.deleted', { name: (await deleteUser(row.id)).user_name }) }),
      },
    ],
  };
}

type RoleRow = RowOf<typeof roleEndpoints.list>;

export function rolesListDeclaration(
  t: Security,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof roleEndpoints.list, RoleRow> {
  const { created, ...shared } = common<RoleRow>(t, language);
  const canEdit = hasPermission(user, 'update-roles');
  return {
    ...shared,
    id: 'security-roles',
    endpoint: roleEndpoints.list,
    resource: 'roles',
    rowId: (row) => row.id,
    rowLabel: (row) => row.title,
    label: t('roles.title'),
    loadingText: t('roles.loading'),
    // Roles have a title, not a name.
    sorts: [
      { value: 'title', label: t('sorts.titleAsc') },
      { value: '-title', label: t('sorts.titleDesc') },
      { value: 'created_at', label: t('sorts.createdAsc') },
      { value: '-created_at', label: t('sorts.createdDesc') },
      { value: 'updated_at', label: t('sorts.updatedAsc') },
      { value: '-updated_at', label: t('sorts.updatedDesc') },
    ],
    columns: [
      {
        id: 'title',
        header: t('columns.title'),
        cell: (row) => <RecordNameCell name={row.title} to={canEdit ? paths.security.roles.edit(row.id) : null} />,
        sortField: 'title',
      },
      {
        id: 'description',
        header: t('columns.description'),
        cell: (row) => row.description ?? '---',
        sortField: 'description',
      },
      {
        id: 'abilities',
        header: t('columns.abilities'),
        // The count, and on hover what the role allows in words.
        cell: (row) => (
          <Tooltip
            label={row.abilities.map((ability) => t(`abilities.${ability}.label`)).join(', ')}
            disabled={row.abilities.length === 0}
            multiline
            maw={360}
            withinPortal
          >
            <span>{row.abilities.length}</span>
          </Tooltip>
        ),
      },
      created,
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-roles',
        to: (row) => paths.security.roles.edit(row.id),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-roles',
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        confirm: () => t('roles.confirmDelete'),
        onClick: async (row) => ({ success: t('roles.deleted', { name: (await deleteRole(row.id)).role_title }) }),
      },
    ],
  };
}

type GroupRow = RowOf<typeof groupEndpoints.list>;

export function groupsListDeclaration(
  t: Security,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof groupEndpoints.list, GroupRow> {
  const { created, ...shared } = common<GroupRow>(t, language);
  const canEdit = hasPermission(user, 'update-groups');
  return {
    ...shared,
    id: 'security-groups',
    endpoint: groupEndpoints.list,
    resource: 'groups',
    query: { excluded_fields: ['groups.users'] },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('groups.title'),
    loadingText: t('groups.loading'),
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => <RecordNameCell name={row.name} to={canEdit ? paths.security.groups.edit(row.id) : null} />,
        sortField: 'name',
      },
      {
        id: 'description',
        header: t('columns.description'),
        cell: (row) => row.description ?? '---',
        sortField: 'description',
      },
      { id: 'users_count', header: t('columns.members'), cell: (row) => row.users_count, sortField: 'users_count' },
      created,
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-groups',
        to: (row) => paths.security.groups.edit(row.id),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-groups',
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        confirm: () => t('groups.confirmDelete'),
        onClick: async (row) => ({ success: t('groups.deleted', { name: (await deleteGroup(row.id)).group_name }) }),
      },
    ],
  };
}

type AdminUserRow = RowOf<typeof userEndpoints.adminList>;

/** Admin → Users: every account; reached only by admins, so every action is theirs. */
export function adminUsersListDeclaration(
  t: Security,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof userEndpoints.adminList, AdminUserRow> {
  const { created, ...shared } = common<AdminUserRow>(t, language);
  return {
    ...shared,
    id: 'admin-users',
    endpoint: userEndpoints.adminList,
    resource: 'users',
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('adminUsers.title'),
    loadingText: t('users.loading'),
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => <RecordNameCell name={row.name} to={paths.security.adminUsers.edit(row.id)} />,
        sortField: 'name',
      },
      { id: 'username', header: t('columns.username'), cell: (row) => row.username, sortField: 'username' },
      { id: 'email', header: t('columns.email'), cell: (row) => row.email, sortField: 'email' },
      {
        id: 'admin',
        header: t('columns.admin'),
        cell: (row) => (
          <Badge variant={row.admin ? 'filled' : 'light'} color={row.admin ? undefined : 'gray'} size="sm">
            {row.admin ? t('yes') : t('no')}
          </Badge>
        ),
        sortField: 'admin',
      },
      {
        id: 'companies',
        header: t('columns.companies'),
        cell: (row) => row.companies.map((company) => company.name).join(', ') || '---',
      },
      created,
    ],
    rowActions: [
      { id: 'edit', label: t('actions.edit'), to: (row) => paths.security.adminUsers.edit(row.id) },
      {
        id: 'delete',
        label: t('actions.delete'),
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        disabled: (row) => row.id === user.id,
        tooltip: () => t('adminUsers.notSelf'),
        confirm: () => t('adminUsers.confirmDelete'),
        onClick: async (row) => ({
          success: t('users.deleted', { name: (await deleteAdminUser(row.id)).user_name }),
        }),
      },
    ],
  };
}
