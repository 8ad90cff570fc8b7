import { libraryItemEndpoints, PROCESSING_CHANNEL_KINDS } from '@meshport/contract';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import type { ProcessingRouteServices } from '#modules/processing/pipeline/processing.routes.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { libraryItemList } from './library-item.list.ts';
import { libraryItemPolicy } from './library-item.policy.ts';
import { libraryItems } from './library-item.table.ts';
import { libraryItemWriteRoutes } from './library-item-write.routes.ts';

export function libraryItemRoutes(services: ProcessingRouteServices & { uploads: UploadService }) {
  const reads = contentReadRoutes(services, {
    endpoints: libraryItemEndpoints,
    resource: libraryItemList,
    table: libraryItems,
    access: libraryItemPolicy.access('view'),
    channelKind: PROCESSING_CHANNEL_KINDS.library_item,
    notFoundMessage: 'No such item.',
  });
  return [...reads, ...libraryItemWriteRoutes(services)];
}
