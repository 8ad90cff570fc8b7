import { propertyMapEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { propertyMapList } from './property-map.list.ts';
import { PROPERTY_MAP_PERMISSIONS } from './property-map.policy.ts';
import { propertyMaps } from './property-map.table.ts';

const PROPERTY_MAP_ACCESS = { permission: PROPERTY_MAP_PERMISSIONS.view, hatchOnly: true } as const;

export function propertyMapRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, propertyMapEndpoints.list, propertyMapList, { access: PROPERTY_MAP_ACCESS }),
    recordRoute(engine, propertyMapEndpoints.get, propertyMapList, {
      access: PROPERTY_MAP_ACCESS,
      where: (params) => eq(propertyMaps.id, params.id),
    }),
  ];
}
