import { idParamsSchema } from '@meshport/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { previewImageRoute } from '../content/preview-image.route.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { flagParam } from '../list/list-query.ts';
import { projectList } from './project.list.ts';
import { projects } from './project.schema.ts';

type RawQuery = Record<string, string | string[] | undefined>;

/** Top level only, unless sub-projects are asked for, a parent is named, or the recycle bin is read. */
function topLevelCondition(query: RawQuery): SQL | undefined {
  const wide =
    flagParam(query, 'include_sub_projects') === true ||
    query['filter[parent_id]'] !== undefined ||
    flagParam(query, 'trashed') === true;
  return wide ? undefined : isNull(projects.parentId);
}

export function projectRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/projects',
      access: { permission: 'view-projects', trashedPermission: 'access-recycling-bin' },
      summary: 'Projects (top level unless include_sub_projects=1), with the labels in use in meta_data',
      tags: ['projects'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) =>
        engine.list(request, projectList, {
          where: topLevelCondition(request.query as RawQuery),
          extraParams: ['include_sub_projects', 'favorites_first'],
          // customerportal sorts favourites first; `favorites_first=0` asks for the plain order (dashboard: most recent)
          leadingOrder: flagParam(request.query as RawQuery, 'favorites_first') !== false,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/:id',
      access: { permission: 'view-projects' },
      summary: 'One project',
      tags: ['projects'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) =>
        engine.record(
          request,
          projectList,
          and(eq(projects.id, params.id), isNull(projects.deletedAt)) as SQL,
          'No such project.',
        ),
    }),
    previewImageRoute(services, {
      url: '/projects/:id/preview-image',
      access: { permission: 'view-projects' },
      tag: 'projects',
      params: idParamsSchema,
      lookup: ({ id }) => sql`select preview_image_path as path from projects where id = ${id}`,
    }),
  ];
}
