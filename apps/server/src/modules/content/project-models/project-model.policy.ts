import { definePolicy } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a project model needs. The spec names no
 * delete-project-models key: deleting a model (from the processor, on hatch) is an update of the
 * models, answered 404 to whoever may not list them. Reprocessing only a finished model is the
 * processing module's rule, for every processed record.
 */
export const projectModelPolicy = definePolicy({
  resource: 'project models',
  permissions: {
    view: 'list-project-models',
    create: 'create-project-models',
    update: 'update-project-models',
    delete: 'update-project-models',
    restore: 'restore-deleted-entities',
  },
  hatchOnly: ['create', 'update', 'delete'],
  hidden: { actions: ['delete'], without: 'view' },
});
