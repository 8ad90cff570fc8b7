import { PROCESSING_CHANNEL_KINDS, projectModelEndpoints } from '@meshport/contract';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import type { ProcessingRouteServices } from '#modules/processing/pipeline/processing.routes.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { projectModelList } from './project-model.list.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import { projectModels } from './project-model.table.ts';
import { projectModelMaterialSlotRoutes } from './project-model-material-slots.routes.ts';
import { projectModelProcessingRoutes } from './project-model-processing.routes.ts';
import { projectModelVariantRoutes } from './project-model-variants.routes.ts';
import { projectModelWriteRoutes } from './project-model-write.routes.ts';

export function projectModelRoutes(services: ProcessingRouteServices & { uploads: UploadService }) {
  const reads = contentReadRoutes(services, {
    endpoints: projectModelEndpoints,
    resource: projectModelList,
    table: projectModels,
    access: projectModelPolicy.access('view'),
    channelKind: PROCESSING_CHANNEL_KINDS.project_model,
    notFoundMessage: 'No such model.',
  });
  return [
    ...reads,
    ...projectModelWriteRoutes(services),
    ...projectModelProcessingRoutes(services),
    ...projectModelMaterialSlotRoutes(services),
    ...projectModelVariantRoutes(services),
  ];
}
