import { idParamsSchema } from '@meshport/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { libraryList } from './library.list.ts';
import { libraries } from './library.schema.ts';

export function libraryRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/libraries',
      access: { permission: 'list-libraries', trashedPermission: 'access-recycling-bin' },
      summary: 'Libraries; filter[parent_id]=null for the top level',
      tags: ['libraries'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, libraryList),
    }),
    defineRoute({
      method: 'GET',
      url: '/libraries/:id',
      access: { permission: 'list-libraries' },
      summary: 'One library, with its breadcrumbs in meta_data',
      tags: ['libraries'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          libraryList,
          and(eq(libraries.id, params.id), isNull(libraries.deletedAt)) as SQL,
          'No such library.',
        ),
    }),
    previewImageRoute(services, {
      url: '/libraries/:id/preview-image',
      access: { permission: 'list-libraries' },
      tag: 'libraries',
      params: idParamsSchema,
      lookup: ({ id }) => sql`select preview_image_path as path from libraries where id = ${id}`,
    }),
  ];
}
