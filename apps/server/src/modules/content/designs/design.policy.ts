import { definePolicy } from '#core/access/policy.ts';

/**
 * Designs (issue 30): what each action needs. A design lives on a project: whoever may not view
 * projects is answered 404, as if it were not there. Saving is allowed on customerportal too (a
 * salesperson saves designs in front of the customer), so no action is hatch only.
 */
export const designPolicy = definePolicy({
  resource: 'designs',
  permissions: {
    project: 'view-projects',
    view: 'view-designs',
    create: 'create-designs',
    update: 'update-designs',
    delete: 'delete-designs',
  },
  hidden: { actions: ['view', 'create', 'update', 'delete'], without: 'project' },
});
