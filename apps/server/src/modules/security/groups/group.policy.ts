import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** What each action needs (administration.md §6). View: who may open a group (Security → Groups → edit). */
export const GROUP_PERMISSIONS = {
  view: 'view-groups|update-groups',
  update: 'update-groups',
  delete: 'delete-groups',
} as const satisfies Record<string, PermissionExpression>;

export interface GroupRecord {
  id: number;
}

/** Spec: editing and deleting a group need update-groups and delete-groups (administration.md §6). */
export const groupPolicy = definePolicy<'view' | 'update' | 'delete', GroupRecord>({
  resource: 'groups',
  rules: {
    view: holds(GROUP_PERMISSIONS.view),
    update: holds(GROUP_PERMISSIONS.update),
    delete: holds(GROUP_PERMISSIONS.delete),
  },
  viewAction: 'view',
});
