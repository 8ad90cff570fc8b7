import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** Who may open a group (Security → Groups → edit). */
export const GROUP_VIEW_PERMISSION = 'view-groups|update-groups' satisfies PermissionExpression;

export interface GroupRecord {
  id: number;
}

/** administration.md §6. */
export const groupPolicy = definePolicy<'view' | 'update' | 'delete', GroupRecord>({
  resource: 'groups',
  rules: {
    view: holds(GROUP_VIEW_PERMISSION),
    update: holds('update-groups'),
    delete: holds('delete-groups'),
  },
  viewAction: 'view',
});
