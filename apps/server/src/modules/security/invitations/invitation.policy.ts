import type { PermissionExpression } from '@meshport/contract';

/** Who sees the company's invitations (the user list's readers and editors) and who withdraws them (who adds or removes members). */
export const INVITATION_PERMISSIONS = {
  view: 'view-system-users|update-users|create-users',
  withdraw: 'create-users|delete-users',
} as const satisfies Record<string, PermissionExpression>;
