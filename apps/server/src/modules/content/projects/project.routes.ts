import { projectEndpoints } from '@meshport/contract';
import { isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { flagParam } from '#core/list/list-query.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { projectList } from './project.list.ts';
import { projectPolicy } from './project.policy.ts';
import { projects } from './project.table.ts';
import { projectWriteRoutes } from './project-write.routes.ts';

type RawQuery = Record<string, string | string[] | undefined>;

/** Top level only, unless sub-projects are asked for, a parent is named, or the recycle bin is read. */
function topLevelCondition(query: RawQuery): SQL | undefined {
  const wide =
    flagParam(query, 'include_sub_projects') === true ||
    query['filter[parent_id]'] !== undefined ||
    flagParam(query, 'trashed') === true;
  return wide ? undefined : isNull(projects.parentId);
}

export function projectRoutes(services: CoreServices) {
  const reads = contentReadRoutes(services, {
    endpoints: projectEndpoints,
    resource: projectList,
    table: projects,
    access: projectPolicy.access('view'),
    channelKind: 'Project',
    notFoundMessage: 'No such project.',
    listOptions: (request: FastifyRequest) => {
      const query = request.query as RawQuery;
      return {
        where: topLevelCondition(query),
        extraParams: ['include_sub_projects', 'favorites_first'],
        // customerportal sorts favourites first; `favorites_first=0` asks for the plain order (dashboard: most recent)
        leadingOrder: flagParam(query, 'favorites_first') !== false,
      };
    },
  });
  return [...reads, ...projectWriteRoutes(services)];
}
