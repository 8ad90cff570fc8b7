import { type AnswerOf, projectEndpoints } from '@meshport/contract';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import type { Db } from '#core/db/database.ts';
import { forbidden } from '#core/http/http-error.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored } from '#modules/content/shared/content-writes.ts';
import { projectList } from './project.list.ts';
import { projectPolicy } from './project.policy.ts';
import { ProjectService, type ProjectWriter } from './project.service.ts';
import { projects } from './project.table.ts';

interface WriteContext {
  actor: MemberActor;
  companyId: number;
  platform: ProjectWriter['platform'];
}

/**
 * The project saves: create (a sub-project with `parent_id`, on hatch), change, copy, delete
 * to the bin with the sub-projects, restore, and the requester's favourite star. Saves answer
 * the project in the list's row shape.
 */
export function projectWriteRoutes(services: CoreServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const service = new ProjectService(
    services.storage,
    (writer) =>
      <T>(work: (tx: Db) => Promise<T>) =>
        services.database.tenant({ companyId: writer.companyId, accountId: writer.accountId }, work),
  );
  const writer = ({ actor, companyId, platform }: WriteContext): ProjectWriter => ({
    companyId,
    accountId: actor.accountId,
    platform,
  });
  /** The saved project as its list row (the row schema checks it in tests), read once the save has committed. */
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(
      request,
      projectList,
      and(eq(projects.id, id), isNull(projects.deletedAt)) as SQL,
      'No such project.',
    )) as AnswerOf<typeof projectEndpoints.create>;

  return [
    defineRoute(projectEndpoints.create, {
      access: projectPolicy.access('create'),
      changes: ['projects'],
      async handler(context) {
        const id = await service.create(writer(context), context.body);
        return row(context.request, id);
      },
    }),
    defineRoute(projectEndpoints.update, {
      access: projectPolicy.access('update'),
      changes: ['projects'],
      async handler(context) {
        await service.update(writer(context), context.params.id, context.body);
        return row(context.request, context.params.id);
      },
    }),
    defineRoute(projectEndpoints.copy, {
      access: projectPolicy.access('copy'),
      changes: ['projects', 'models'],
      async handler(context) {
        const id = await service.copy(writer(context), context.params.id, context.body);
        return row(context.request, id);
      },
    }),
    defineRoute(projectEndpoints.delete, {
      access: projectPolicy.access('delete'),
      changes: ['projects', 'models'],
      async handler(context) {
        const deleted = await service.delete(writer(context), context.params.id);
        return { project_name: deleted.name, status: 'deleted' as const, sub_projects: deleted.subProjects };
      },
    }),
    defineRoute(projectEndpoints.favorite, {
      access: projectPolicy.access('view'),
      changes: ['projects'],
      async handler(context) {
        const { id } = context.params;
        // A platform admin outside the company has no membership to keep a star on.
        if (!context.actor.membership) throw forbidden('Only members of the company keep favourites.');
        await service.favorite(writer(context), id, context.body.is_favorited);
        return { data: { id, is_favorited: context.body.is_favorited } };
      },
    }),
    defineRoute(projectEndpoints.restore, {
      access: projectPolicy.access('restore'),
      changes: ['projects', 'models'],
      async handler(context) {
        return restored(await service.restore(writer(context), context.params.id));
      },
    }),
  ];
}
