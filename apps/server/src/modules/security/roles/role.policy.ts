import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** Who may open a role (Security → Roles → edit). */
export const ROLE_VIEW_PERMISSION = 'view-roles|update-roles' satisfies PermissionExpression;

export interface RoleRecord {
  id: number;
}

/** administration.md §6. */
export const rolePolicy = definePolicy<'view' | 'update' | 'delete', RoleRecord>({
  resource: 'roles',
  rules: {
    view: holds(ROLE_VIEW_PERMISSION),
    update: holds('update-roles'),
    delete: holds('delete-roles'),
  },
  viewAction: 'view',
});
