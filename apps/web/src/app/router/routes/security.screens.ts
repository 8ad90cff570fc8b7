import type { SECURITY_PATTERNS } from '@/lib/paths/security.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

const users = () => import('@/features/security/pages/users.page.tsx');
const roles = () => import('@/features/security/pages/roles.page.tsx');
const groups = () => import('@/features/security/pages/groups.page.tsx');
const adminUsers = () => import('@/features/security/pages/admin-users.page.tsx');

/** The code of the security area's signed-in screens (security.routes.ts): fetched after sign-in, with the app layout. */
export const SECURITY_SCREENS: AreaScreens<typeof SECURITY_PATTERNS> = {
  'security-users': () => users().then((m) => ({ default: m.UsersPage })),
  'security-user-create': () => users().then((m) => ({ default: m.UserCreatePage })),
  'security-user-edit': () => users().then((m) => ({ default: m.UserEditPage })),
  'security-roles': () => roles().then((m) => ({ default: m.RolesPage })),
  'security-role-create': () => roles().then((m) => ({ default: m.RoleCreatePage })),
  'security-role-edit': () => roles().then((m) => ({ default: m.RoleEditPage })),
  'security-groups': () => groups().then((m) => ({ default: m.GroupsPage })),
  'security-group-create': () => groups().then((m) => ({ default: m.GroupCreatePage })),
  'security-group-edit': () => groups().then((m) => ({ default: m.GroupEditPage })),
  'admin-users': () => adminUsers().then((m) => ({ default: m.AdminUsersPage })),
  'admin-user-create': () => adminUsers().then((m) => ({ default: m.AdminUserCreatePage })),
  'admin-user-edit': () => adminUsers().then((m) => ({ default: m.AdminUserEditPage })),
};
