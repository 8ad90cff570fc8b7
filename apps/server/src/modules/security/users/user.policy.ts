import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** Who may open a member's record (Security → Users → edit): the list's readers and its editors. */
export const USER_VIEW_PERMISSION = 'view-system-users|update-users' satisfies PermissionExpression;

export interface UserRecord {
  id: number;
}

/** administration.md §6; a member always sees and edits their own record (My Account). */
export const userPolicy = definePolicy<'view' | 'update' | 'delete', UserRecord>({
  resource: 'users',
  rules: {
    view: (actor, user) => user.id === actor.accountId || holds(USER_VIEW_PERMISSION)(actor, user),
    update: (actor, user) => user.id === actor.accountId || holds('update-users')(actor, user),
    delete: holds('delete-users'),
  },
  viewAction: 'view',
});
