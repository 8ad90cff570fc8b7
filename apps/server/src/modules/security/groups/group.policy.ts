import { definePolicy } from '#core/access/policy.ts';

/**
 * administration.md §6: what each action on a group needs. The list is read by those who see
 * groups and by those who give members their groups (adding or editing a user); a group is opened
 * by its readers and its editors.
 */
export const groupPolicy = definePolicy({
  resource: 'groups',
  permissions: {
    list: 'view-groups|update-users|create-users',
    view: 'view-groups|update-groups',
    create: 'create-groups',
    update: 'update-groups',
    delete: 'delete-groups',
  },
});
