import { libraryEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { libraryList } from './library.list.ts';
import { libraryPolicy } from './library.policy.ts';
import { libraries } from './library.table.ts';
import { libraryWriteRoutes } from './library-write.routes.ts';

export function libraryRoutes(services: CoreServices) {
  const reads = contentReadRoutes(services, {
    endpoints: libraryEndpoints,
    resource: libraryList,
    table: libraries,
    access: libraryPolicy.access('view'),
    channelKind: 'Library',
    notFoundMessage: 'No such library.',
  });
  return [...reads, ...libraryWriteRoutes(services)];
}
