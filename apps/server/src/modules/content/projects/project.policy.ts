import { definePolicy, holds } from '#core/access/policy.ts';

/** content.md §6: what each action on a project needs. */
export const PROJECT_PERMISSIONS = {
  view: 'view-projects',
  update: 'update-projects',
  delete: 'delete-projects',
} as const;

/** Projects: permission rules only; no state of a project keeps it from being changed or deleted. */
export const projectPolicy = definePolicy<keyof typeof PROJECT_PERMISSIONS, unknown>({
  resource: 'projects',
  viewAction: 'view',
  rules: {
    view: holds(PROJECT_PERMISSIONS.view),
    update: holds(PROJECT_PERMISSIONS.update),
    delete: holds(PROJECT_PERMISSIONS.delete),
  },
});
