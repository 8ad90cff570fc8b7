import { idParamsSchema } from '@meshport/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { libraryItemList } from './library-item.list.ts';
import { libraryItems } from './library-item.schema.ts';

const access = { permission: 'list-library-items|list-libraries' } as const;

export function libraryItemRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/libraries/items',
      access: { ...access, trashedPermission: 'access-recycling-bin' },
      summary: 'Library items; filter[library]=id (or null for items in no library)',
      tags: ['library items'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, libraryItemList),
    }),
    defineRoute({
      method: 'GET',
      url: '/libraries/items/:id',
      access,
      summary: 'One library item',
      tags: ['library items'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          libraryItemList,
          and(eq(libraryItems.id, params.id), isNull(libraryItems.deletedAt)) as SQL,
          'No such item.',
        ),
    }),
    previewImageRoute(services, {
      url: '/libraries/items/:id/preview-image',
      access,
      tag: 'library items',
      params: idParamsSchema,
      lookup: ({ id }) => sql`select preview_image_path as path from library_items where id = ${id}`,
    }),
  ];
}
