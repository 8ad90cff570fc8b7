import type { ModelStatus } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a project model needs. The spec names no
 * delete-project-models key: deleting a model (from the processor) is an update of the models.
 */
export const PROJECT_MODEL_PERMISSIONS = {
  view: 'list-project-models',
  update: 'update-project-models',
  delete: 'update-project-models',
} as const;

/** What the rules read of a model. */
export interface ProjectModelState {
  status: ModelStatus;
}

export const projectModelPolicy = definePolicy<keyof typeof PROJECT_MODEL_PERMISSIONS | 'reprocess', ProjectModelState>(
  {
    resource: 'project models',
    viewAction: 'view',
    rules: {
      view: holds(PROJECT_MODEL_PERMISSIONS.view),
      update: holds(PROJECT_MODEL_PERMISSIONS.update),
      delete: holds(PROJECT_MODEL_PERMISSIONS.delete),
      /** content.md §4: reprocessing is allowed only once the model has finished. */
      reprocess: (actor, model) => holds(PROJECT_MODEL_PERMISSIONS.update)(actor, model) && model.status === 'FINISHED',
    },
  },
);
