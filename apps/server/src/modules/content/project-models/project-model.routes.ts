import { projectModelEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { projectModelList } from './project-model.list.ts';
import { PROJECT_MODEL_PERMISSIONS } from './project-model.policy.ts';
import { projectModels } from './project-model.table.ts';
import { projectModelWriteRoutes } from './project-model-write.routes.ts';

export function projectModelRoutes(services: CoreServices) {
  const reads = contentReadRoutes(services, {
    endpoints: projectModelEndpoints,
    resource: projectModelList,
    table: projectModels,
    access: { permission: PROJECT_MODEL_PERMISSIONS.view },
    notFoundMessage: 'No such model.',
  });
  return [...reads, ...projectModelWriteRoutes(services)];
}
