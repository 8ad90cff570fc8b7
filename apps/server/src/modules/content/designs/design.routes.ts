import { type AnswerOf, designEndpoints } from '@meshport/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { forbidden, notFound } from '#core/http/http-error.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { storedImageType } from '#modules/content/shared/content-read.routes.ts';
import { designList } from './design.list.ts';
import { designPolicy } from './design.policy.ts';
import { DesignService, type DesignWriter, NO_SUCH_DESIGN } from './design.service.ts';
import { designs } from './design.table.ts';

/**
 * Designs (issue 30): read on both platforms by whoever may view designs and projects; saved,
 * deleted and starred on both (customerportal is where a salesperson saves them). A save answers
 * the design as its list row.
 */
export function designRoutes(services: CoreServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const service = new DesignService(services);
  const writer = ({ actor, companyId }: { actor: MemberActor; companyId: number }): DesignWriter => ({
    companyId,
    accountId: actor.accountId,
  });
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, designList, eq(designs.id, id) as SQL, NO_SUCH_DESIGN)) as AnswerOf<
      typeof designEndpoints.create
    >;
  const view = designPolicy.access('view');
  return [
    listRoute(engine, designEndpoints.list, designList, { access: view }),
    recordRoute(engine, designEndpoints.get, designList, {
      access: view,
      where: (params) => and(eq(designs.id, params.id)) as SQL,
      notFoundMessage: NO_SUCH_DESIGN,
    }),
    defineRoute(designEndpoints.previewImage, {
      access: view,
      ownQueryParsing: true,
      async handler(context) {
        const key = await service.previewKey(writer(context), context.params.id);
        if (!key || !(await services.storage.exists(key))) throw notFound('No preview image.');
        return context.reply
          .type(storedImageType(key))
          .header('cache-control', 'private, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(services.storage.read(key));
      },
    }),
    defineRoute(designEndpoints.create, {
      access: designPolicy.access('create'),
      changes: ['designs'],
      async handler(context) {
        const id = await service.create(writer(context), context.body);
        return row(context.request, id);
      },
    }),
    defineRoute(designEndpoints.update, {
      access: designPolicy.access('update'),
      changes: ['designs'],
      async handler(context) {
        await service.update(writer(context), context.params.id, context.body);
        return row(context.request, context.params.id);
      },
    }),
    defineRoute(designEndpoints.favorite, {
      access: view,
      changes: ['designs'],
      async handler(context) {
        const { id } = context.params;
        // A platform admin outside the company has no membership to keep a star on.
        if (!context.actor.membership) throw forbidden('Only members of the company keep favourites.');
        await service.favorite(writer(context), id, context.body.is_favorited);
        return { data: { id, is_favorited: context.body.is_favorited } };
      },
    }),
    defineRoute(designEndpoints.delete, {
      access: designPolicy.access('delete'),
      changes: ['designs'],
      async handler(context) {
        const name = await service.delete(writer(context), context.params.id);
        return { design_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
