import { materialEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { materialList } from './material.list.ts';
import { materialPolicy } from './material.policy.ts';
import { materials } from './material.table.ts';
import { materialWriteRoutes } from './material.write-routes.ts';

export function materialRoutes(services: CoreServices & { uploads: UploadService }) {
  const reads = contentReadRoutes(services, {
    endpoints: materialEndpoints,
    resource: materialList,
    table: materials,
    // The name is the material's identifier (unique per company).
    key: { param: 'name', column: materials.name },
    access: materialPolicy.access('view'),
    channelKind: 'Material',
    notFoundMessage: 'No such material.',
  });
  return [...reads, ...materialWriteRoutes(services)];
}
