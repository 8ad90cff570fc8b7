import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { materialList } from './material.list.ts';
import { materials } from './material.schema.ts';

/** The material name is its identifier; it arrives URL-encoded (content.md §2). */
const nameParams = z.object({ name: z.string().min(1).max(255) });
const access = { permission: 'list-materials', hatchOnly: true } as const;

export function materialRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/materials',
      access: { ...access, trashedPermission: 'access-recycling-bin' },
      summary: 'Materials (hatch only); filter[category]=id (or null for materials in no category)',
      tags: ['materials'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, materialList),
    }),
    defineRoute({
      method: 'GET',
      url: '/materials/:name',
      access,
      summary: 'One material, by its (URL-encoded) name',
      tags: ['materials'],
      schema: { params: nameParams },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          materialList,
          and(eq(materials.name, params.name), isNull(materials.deletedAt)) as SQL,
          'No such material.',
        ),
    }),
    previewImageRoute(services, {
      url: '/materials/:name/preview-image',
      access,
      tag: 'materials',
      params: nameParams,
      lookup: ({ name }) => sql`select preview_image_path as path from materials where name = ${name}`,
    }),
  ];
}
