import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** What each action needs (administration.md §6). View: who may open a role (Security → Roles → edit). */
export const ROLE_PERMISSIONS = {
  view: 'view-roles|update-roles',
  update: 'update-roles',
  delete: 'delete-roles',
} as const satisfies Record<string, PermissionExpression>;

export interface RoleRecord {
  id: number;
}

/** Spec: editing and deleting a role need update-roles and delete-roles (administration.md §6). */
export const rolePolicy = definePolicy<'view' | 'update' | 'delete', RoleRecord>({
  resource: 'roles',
  rules: {
    view: holds(ROLE_PERMISSIONS.view),
    update: holds(ROLE_PERMISSIONS.update),
    delete: holds(ROLE_PERMISSIONS.delete),
  },
  viewAction: 'view',
});
