import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { propertyMapList } from './property-map.list.ts';
import { propertyMaps } from './property-map.schema.ts';

/** The spec names no view ability for property maps: any of their three abilities opens them. */
const PROPERTY_MAP_ACCESS = {
  permission: 'create-property-maps|update-property-maps|delete-property-maps',
  hatchOnly: true,
} as const;

export function propertyMapRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/property-maps',
      access: PROPERTY_MAP_ACCESS,
      summary: 'Property maps of this company (hatch only)',
      tags: ['property-maps'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, propertyMapList),
    }),
    defineRoute({
      method: 'GET',
      url: '/property-maps/:id',
      access: PROPERTY_MAP_ACCESS,
      summary: 'One property map',
      tags: ['property-maps'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) => engine.record(request, propertyMapList, eq(propertyMaps.id, params.id)),
    }),
  ];
}
