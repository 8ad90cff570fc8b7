import { definePolicy } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a project needs. Whoever may not view projects is answered
 * 404 when changing, copying or deleting one, as if it were not there. No state of a project
 * keeps it from being changed or deleted.
 */
export const projectPolicy = definePolicy({
  resource: 'projects',
  permissions: {
    view: 'view-projects',
    create: 'create-projects',
    copy: 'create-projects',
    update: 'update-projects',
    delete: 'delete-projects',
    restore: 'restore-deleted-entities',
  },
  hidden: { actions: ['update', 'copy', 'delete'], without: 'view' },
});
