import { definePolicy } from '#core/access/policy.ts';

/**
 * administration.md §6: what each action on a company's members needs. A member's record is
 * opened by the list's readers and its editors; one's own record is My Account's.
 */
export const userPolicy = definePolicy({
  resource: 'users',
  permissions: {
    list: 'view-system-users',
    view: 'view-system-users|update-users',
    create: 'create-users',
    update: 'update-users',
    delete: 'delete-users',
  },
});
