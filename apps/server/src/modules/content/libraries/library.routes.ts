import { libraryEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { libraryList } from './library.list.ts';
import { LIBRARY_PERMISSIONS } from './library.policy.ts';
import { libraries } from './library.table.ts';

export function libraryRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return contentReadRoutes(services, engine, {
    endpoints: libraryEndpoints,
    resource: libraryList,
    table: libraries,
    key: { param: 'id', column: libraries.id },
    deletedAt: libraries.deletedAt,
    previewImagePath: libraries.previewImagePath,
    access: { permission: LIBRARY_PERMISSIONS.view },
    notFoundMessage: 'No such library.',
  });
}
