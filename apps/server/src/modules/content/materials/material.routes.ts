import { materialEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { materialList } from './material.list.ts';
import { MATERIAL_PERMISSIONS } from './material.policy.ts';
import { materials } from './material.table.ts';

export function materialRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return contentReadRoutes(services, engine, {
    endpoints: materialEndpoints,
    resource: materialList,
    table: materials,
    // The name is the material's identifier (unique per company).
    key: { param: 'name', column: materials.name },
    deletedAt: materials.deletedAt,
    previewImagePath: materials.previewImagePath,
    access: { permission: MATERIAL_PERMISSIONS.view, hatchOnly: true },
    notFoundMessage: 'No such material.',
  });
}
