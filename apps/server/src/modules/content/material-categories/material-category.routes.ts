import { idParamsSchema } from '@meshport/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { materialCategoryList } from './material-category.list.ts';
import { materialCategories } from './material-category.schema.ts';

const access = { permission: 'list-material-categories|list-materials', hatchOnly: true } as const;

export function materialCategoryRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/materials/categories',
      access: { ...access, trashedPermission: 'access-recycling-bin' },
      summary: 'Material categories (hatch only); filter[parent_id]=null for the top level',
      tags: ['material categories'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, materialCategoryList),
    }),
    defineRoute({
      method: 'GET',
      url: '/materials/categories/:id',
      access,
      summary: 'One material category, with breadcrumbs (meta_data) and sub-categories',
      tags: ['material categories'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          materialCategoryList,
          and(eq(materialCategories.id, params.id), isNull(materialCategories.deletedAt)) as SQL,
          'No such category.',
        ),
    }),
    previewImageRoute(services, {
      url: '/materials/categories/:id/preview-image',
      access,
      tag: 'material categories',
      params: idParamsSchema,
      lookup: ({ id }) => sql`select preview_image_path as path from material_categories where id = ${id}`,
    }),
  ];
}
