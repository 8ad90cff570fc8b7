import type { AnswerOf, Endpoint, ListEndpoint, ParamsOf } from '@meshport/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  defineRoute,
  type HandlerAnswer,
  type RouteAccess,
  type RouteContext,
  type RouteDefinition,
} from '#core/http/route.ts';
import type { ListEngine, ListRequestOptions } from './list-engine.ts';
import { type ListResource, listResourceTables } from './list-resource.ts';

/** A list route's cache declaration: the resource's tables when it declares its reads. */
function cacheOf(resource: ListResource, cache: boolean | undefined) {
  if (cache === false) return {};
  const tables = listResourceTables(resource);
  return { cache: tables ? { tables } : (true as const) };
}

/** A route served by the list engine, with the resource it reads (a test matches its fields to the row schema). */
export interface ListRouteDefinition extends RouteDefinition {
  listResource: ListResource;
  /**
   * Work the list pays at start rather than at its first request (the server runs it after
   * listening): the anchors of its lists of at least `fromRows` rows.
   */
  warmUp?: (fromRows?: number) => Promise<void>;
}

export function isListRoute(definition: RouteDefinition): definition is ListRouteDefinition {
  return 'listResource' in definition;
}

export interface ListRouteOptions<A extends RouteAccess> {
  access: A;
  /** Per request: extra conditions, extra query parameters, the leading order. */
  options?: (request: FastifyRequest) => ListRequestOptions;
  /** Lists are cached per company and URL unless a list depends on more than the database. */
  cache?: boolean;
}

/**
 * GET list of a resource. The engine builds rows from the resource's declared fields; the
 * endpoint's row schema describes the same rows (equal keys, checked by a test; answers
 * validated against it in every API test), so its answer is typed by the endpoint here.
 */
export function listRoute<E extends ListEndpoint, A extends RouteAccess>(
  engine: ListEngine,
  endpoint: E,
  resource: ListResource,
  route: ListRouteOptions<A>,
): ListRouteDefinition {
  const definition = defineRoute(endpoint, {
    access: route.access,
    ownQueryParsing: true,
    ...cacheOf(resource, route.cache),
    handler: async ({ request }) =>
      (await engine.list(request, resource, route.options?.(request) ?? {})) as HandlerAnswer<E>,
  });
  return {
    ...definition,
    listResource: resource,
    ...(resource.keptTotals ? { warmUp: (fromRows?: number) => engine.warmDeepPages(resource, fromRows) } : {}),
  };
}

export interface RecordRouteOptions<E extends Endpoint, A extends RouteAccess> {
  access: A;
  /** The live record named by the params (or by who asks: the signed-in user's own record). */
  where: (params: ParamsOf<E>, context: RouteContext<E, A>) => SQL;
  /** Without one, the engine's 'Not found.' */
  notFoundMessage?: string;
  /** Records are cached per company and URL unless the resource is not the company's (platform-wide). */
  cache?: boolean;
}

/** GET one record of a list's resource, with the list's fields (`included_fields` works too). */
export function recordRoute<E extends Endpoint, A extends RouteAccess>(
  engine: ListEngine,
  endpoint: E,
  resource: ListResource,
  route: RecordRouteOptions<E, A>,
): ListRouteDefinition {
  const definition = defineRoute(endpoint, {
    access: route.access,
    ownQueryParsing: true,
    ...cacheOf(resource, route.cache),
    handler: async (context) =>
      (await engine.record(
        context.request,
        resource,
        route.where(context.params, context),
        route.notFoundMessage,
      )) as AnswerOf<E>,
  });
  return { ...definition, listResource: resource };
}
