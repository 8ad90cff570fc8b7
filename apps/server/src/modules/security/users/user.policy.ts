import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** What each action needs (administration.md §6). View: who may open a member's record (Security → Users → edit): the list's readers and its editors. */
export const USER_PERMISSIONS = {
  view: 'view-system-users|update-users',
  update: 'update-users',
  delete: 'delete-users',
} as const satisfies Record<string, PermissionExpression>;

export interface UserRecord {
  id: number;
}

/** administration.md §6; a member always sees and edits their own record (My Account). */
export const userPolicy = definePolicy<'view' | 'update' | 'delete', UserRecord>({
  resource: 'users',
  rules: {
    view: (actor, user) => user.id === actor.accountId || holds(USER_PERMISSIONS.view)(actor, user),
    update: (actor, user) => user.id === actor.accountId || holds(USER_PERMISSIONS.update)(actor, user),
    delete: holds(USER_PERMISSIONS.delete),
  },
  viewAction: 'view',
});
