import type { SECURITY_PATTERNS } from '../../../lib/paths/security.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const users = () => import('../../../features/security/pages/users.page.tsx');
const roles = () => import('../../../features/security/pages/roles.page.tsx');
const groups = () => import('../../../features/security/pages/groups.page.tsx');
const adminUsers = () => import('../../../features/security/pages/admin-users.page.tsx');

/** Security (administration.md §2, §6): users, roles, groups of the company; admin users. */
export const SECURITY_ROUTES: AreaRoutes<typeof SECURITY_PATTERNS> = {
  'security-users': {
    title: 'titles.users',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-system-users' },
    load: () => users().then((m) => ({ default: m.UsersPage })),
  },
  'security-user-create': {
    title: 'titles.userCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-users' },
    load: () => users().then((m) => ({ default: m.UserCreatePage })),
  },
  'security-user-edit': {
    title: 'titles.userEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-users' },
    load: () => users().then((m) => ({ default: m.UserEditPage })),
  },
  'security-roles': {
    title: 'titles.roles',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-roles' },
    load: () => roles().then((m) => ({ default: m.RolesPage })),
  },
  'security-role-create': {
    title: 'titles.roleCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-roles' },
    load: () => roles().then((m) => ({ default: m.RoleCreatePage })),
  },
  'security-role-edit': {
    title: 'titles.roleEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-roles' },
    load: () => roles().then((m) => ({ default: m.RoleEditPage })),
  },
  'security-groups': {
    title: 'titles.groups',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-groups' },
    load: () => groups().then((m) => ({ default: m.GroupsPage })),
  },
  'security-group-create': {
    title: 'titles.groupCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-groups' },
    load: () => groups().then((m) => ({ default: m.GroupCreatePage })),
  },
  'security-group-edit': {
    title: 'titles.groupEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-groups' },
    load: () => groups().then((m) => ({ default: m.GroupEditPage })),
  },
  'admin-users': {
    title: 'titles.adminUsers',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
    load: () => adminUsers().then((m) => ({ default: m.AdminUsersPage })),
  },
  'admin-user-create': {
    title: 'titles.adminUserCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
    load: () => adminUsers().then((m) => ({ default: m.AdminUserCreatePage })),
  },
  'admin-user-edit': {
    title: 'titles.adminUserEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
    load: () => adminUsers().then((m) => ({ default: m.AdminUserEditPage })),
  },
};
