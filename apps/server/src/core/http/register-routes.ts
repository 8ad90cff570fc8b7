import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorize } from '../access/access.ts';
import type { ApiRouteConfig } from '../access/api-gate.ts';
import { zodIssuesToErrors } from './error-handler.ts';
import { HttpError, ValidationError } from './http-error.ts';
import type { RouteAccess, RouteDefinition } from './route.ts';

export const API_PREFIX = '/v2';
const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteDefinition['access'] | 'method-override';
    cache?: boolean;
  }
}

function apiConfig(definition: RouteDefinition): ApiRouteConfig {
  return {
    access: definition.access,
    duringMaintenance: definition.duringMaintenance === true,
    changesState: definition.changesState === true,
  };
}

/**
 * A `_method` POST is checked before its body is read with the least its targets require (a
 * session, unless one of them is public), and with its target's own rule once the body names it.
 */
function overrideConfig(targets: RouteDefinition[]): ApiRouteConfig {
  const access: RouteAccess = targets.some((d) => d.access === 'public') ? 'public' : 'signed-in';
  return {
    access,
    duringMaintenance: targets.every((d) => d.duringMaintenance === true),
    changesState: true,
  };
}

function overrideMethod(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as Record<string, unknown> | undefined)?._method;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?._method;
  const value = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined;
  return value?.toUpperCase();
}

function parsePart(definition: RouteDefinition, part: 'params' | 'querystring' | 'body', value: unknown) {
  const schema = definition.schema[part];
  if (!schema || (part === 'querystring' && definition.rawQuery)) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(zodIssuesToErrors(result.error.issues));
  return result.data;
}

/**
 * Registers route definitions under /v2. A POST carrying `_method=PATCH|PUT|DELETE` (in a
 * JSON, urlencoded or multipart body, or the query) reaches the route of that method on the
 * same path, validated and authorised as that route.
 */
export function registerRoutes(app: FastifyInstance, definitions: RouteDefinition[]): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const byUrl = new Map<string, RouteDefinition[]>();
  for (const definition of definitions) {
    const list = byUrl.get(definition.url) ?? [];
    list.push(definition);
    byUrl.set(definition.url, list);
    const { querystring, ...rest } = definition.schema;
    typed.route({
      method: definition.method,
      url: `${API_PREFIX}${definition.url}`,
      schema: {
        ...rest,
        ...(definition.rawQuery ? {} : querystring ? { querystring } : {}),
        summary: definition.summary,
        tags: definition.tags,
      },
      config: {
        access: definition.access,
        api: apiConfig(definition),
        cache: definition.cache === true && definition.method === 'GET',
      },
      handler: (request, reply) =>
        definition.handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          request,
          reply,
        }),
    });
  }
  for (const [url, group] of byUrl) {
    const overridable = group.filter((d) => OVERRIDABLE.has(d.method));
    if (overridable.length === 0) continue;
    const post = group.find((d) => d.method === 'POST');
    if (post) throw new Error(`POST ${url} and _method override of the same path: give one of them its own path.`);
    app.route({
      method: 'POST',
      url: `${API_PREFIX}${url}`,
      schema: { hide: true },
      config: { access: 'method-override', api: overrideConfig(overridable) },
      handler: (request, reply) => dispatchOverride(request, reply, overridable),
    });
  }
}

async function dispatchOverride(request: FastifyRequest, reply: FastifyReply, candidates: RouteDefinition[]) {
  const method = overrideMethod(request);
  const target = candidates.find((d) => d.method === method);
  if (!target) {
    throw new HttpError(405, `POST is not allowed here; send _method=${candidates.map((d) => d.method).join('|')}.`);
  }
  authorize(request, target.access);
  const body = { ...((request.body as Record<string, unknown> | undefined) ?? {}) };
  delete body._method;
  return target.handler({
    params: parsePart(target, 'params', request.params) as never,
    query: parsePart(target, 'querystring', request.query) as never,
    body: parsePart(target, 'body', body) as never,
    request,
    reply,
  });
}
