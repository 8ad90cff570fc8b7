import { definePolicy } from '#core/access/policy.ts';

/**
 * administration.md §6: what each action on a role needs. The list is read by those who see
 * roles and by those who give members their role (adding or editing a user); a role is opened by
 * its readers and its editors.
 */
export const rolePolicy = definePolicy({
  resource: 'roles',
  permissions: {
    list: 'view-roles|update-users|create-users',
    view: 'view-roles|update-roles',
    create: 'create-roles',
    update: 'update-roles',
    delete: 'delete-roles',
  },
});
