import type { SECURITY_PATTERNS } from '@/lib/paths/security.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

/** Security (administration.md §2, §6): users, roles, groups of the company; admin users. */
export const SECURITY_ROUTES: AreaRoutes<typeof SECURITY_PATTERNS> = {
  'security-users': {
    title: 'titles.users',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-system-users' },
  },
  'security-user-create': {
    title: 'titles.userCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-users' },
  },
  'security-user-edit': {
    title: 'titles.userEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-users' },
  },
  'security-roles': {
    title: 'titles.roles',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-roles' },
  },
  'security-role-create': {
    title: 'titles.roleCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-roles' },
  },
  'security-role-edit': {
    title: 'titles.roleEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-roles' },
  },
  'security-groups': {
    title: 'titles.groups',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-groups' },
  },
  'security-group-create': {
    title: 'titles.groupCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-groups' },
  },
  'security-group-edit': {
    title: 'titles.groupEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-groups' },
  },
  'admin-users': {
    title: 'titles.adminUsers',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
  },
  'admin-user-create': {
    title: 'titles.adminUserCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
  },
  'admin-user-edit': {
    title: 'titles.adminUserEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
  },
};
