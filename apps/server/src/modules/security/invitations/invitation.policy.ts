import { definePolicy } from '#core/access/policy.ts';

/** Who sees the company's invitations (the user list's readers and editors) and who withdraws them (who adds or removes members). */
export const invitationPolicy = definePolicy({
  resource: 'invitations',
  permissions: {
    view: 'view-system-users|update-users|create-users',
    withdraw: 'create-users|delete-users',
  },
});
