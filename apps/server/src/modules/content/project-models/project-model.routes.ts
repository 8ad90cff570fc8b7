import { idParamsSchema } from '@meshport/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { projectModelList } from './project-model.list.ts';
import { projectModels } from './project-model.schema.ts';

export function projectModelRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/projects/models',
      access: { permission: 'list-project-models', trashedPermission: 'access-recycling-bin' },
      summary: 'Project models (the processor Models tab, the demo-model picker, the recycle bin)',
      tags: ['project models'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, projectModelList),
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/models/:id',
      access: { permission: 'list-project-models' },
      summary: 'One project model',
      tags: ['project models'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          projectModelList,
          and(eq(projectModels.id, params.id), isNull(projectModels.deletedAt)) as SQL,
          'No such model.',
        ),
    }),
    previewImageRoute(services, {
      url: '/projects/models/:id/preview-image',
      access: { permission: 'list-project-models' },
      tag: 'project models',
      params: idParamsSchema,
      lookup: ({ id }) => sql`select preview_image_path as path from project_models where id = ${id}`,
    }),
  ];
}
