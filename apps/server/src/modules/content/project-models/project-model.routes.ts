import { projectModelEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { projectModelList } from './project-model.list.ts';
import { PROJECT_MODEL_PERMISSIONS } from './project-model.policy.ts';
import { projectModels } from './project-model.table.ts';

export function projectModelRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return contentReadRoutes(services, engine, {
    endpoints: projectModelEndpoints,
    resource: projectModelList,
    table: projectModels,
    key: { param: 'id', column: projectModels.id },
    deletedAt: projectModels.deletedAt,
    previewImagePath: projectModels.previewImagePath,
    access: { permission: PROJECT_MODEL_PERMISSIONS.view },
    notFoundMessage: 'No such model.',
  });
}
