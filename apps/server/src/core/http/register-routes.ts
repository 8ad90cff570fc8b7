import { API_PREFIX, type ContentResource, listCountAnswerSchema } from '@meshport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '#core/access/access.ts';
import type { ApiRouteConfig } from '#core/access/api-gate.ts';
import { runReadingOnly } from '#core/db/read-only-scope.ts';
import { type ActivityLog, logActivity } from './activity-log.ts';
import { zodIssuesToErrors } from './error-handler.ts';
import { HttpError, notFound, ValidationError } from './http-error.ts';
import { own } from './own-key.ts';
import { multipartConfig, multipartLimitsOf, widestMultipartLimits } from './request-limits.ts';
import { type CacheTables, ResponseCache } from './response-cache.ts';
import { checkCacheReads } from './response-cache-reads.ts';
import { needsMember, type RouteAccess, type RouteContext, type RouteDefinition, SAFE_METHODS } from './route.ts';

export { API_PREFIX };

const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess | 'method-override';
    cache?: boolean;
    /** With `cache`: what its answers are built from (docs/decisions/0021). */
    cacheTables?: CacheTables;
    /** A query the handler parses itself, shown in the OpenAPI document only. */
    documentedQuery?: z.ZodType;
  }
}

export interface RegisterOptions {
  /**
   * Check every answer against its endpoint's schema and fail the request when it drifts
   * (tests turn this on, so drift fails a test; production trusts the tests).
   */
  validateAnswers?: boolean;
  /**
   * Called once a successful call of a route that declares `changes` has been answered (the live
   * list refresh): its transaction is committed, and telling the sockets does not delay the answer.
   */
  onChange?: (companyId: number, resources: readonly ContentResource[]) => void;
  /** Stores a member's successful writes in their activity, but for the quiet ones (activity-log.ts). */
  activity?: ActivityLog;
  /** Runs a write's handler and activity entry with their transactions on one connection (database.ts). */
  oneConnection?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Answers are checked against their schemas by the tests (`validateAnswers`), not on every request. */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

function apiConfig(definition: RouteDefinition): ApiRouteConfig {
  return {
    access: definition.access,
    duringMaintenance: definition.duringMaintenance,
    changesState: definition.changesState,
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
    duringMaintenance: targets.every((d) => d.duringMaintenance),
    changesState: true,
  };
}

function overrideMethod(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as Record<string, unknown> | undefined)?._method;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?._method;
  const value = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined;
  return value?.toUpperCase();
}

function parsePart(definition: RouteDefinition, part: 'params' | 'query' | 'body', value: unknown) {
  const schema = definition.endpoint[part];
  if (!schema || (part === 'query' && definition.ownQueryParsing)) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(zodIssuesToErrors(result.error.issues));
  return result.data;
}

/** What the handler knows about who asks, from what the gate resolved. */
function accessContext(request: FastifyRequest, access: RouteAccess) {
  if (!needsMember(access)) return { actor: request.actor, tenant: request.tenant };
  const { actor, tenant } = request;
  // The gate has refused the request unless both are there.
  if (!actor || !tenant) throw notFound();
  return { actor, tenant, companyId: tenant.company.id, platform: tenant.platform };
}

type Parts = { params: unknown; query: unknown; body: unknown };

/**
 * Answers a request by its definition: a GET or HEAD reads only, a write keeps one connection,
 * except a write that streams its body: a connection kept while a slow client sends would be
 * taken from everyone else (issue 24).
 */
function run(
  definition: RouteDefinition,
  request: FastifyRequest,
  reply: FastifyReply,
  parts: Parts,
  options: RegisterOptions,
): Promise<unknown> {
  const answer = async (): Promise<unknown> => {
    const context = { ...accessContext(request, definition.access), ...parts, request, reply };
    const handle = () => definition.handler(context as RouteContext<typeof definition.endpoint, RouteAccess>);
    // Tests: a cached route must declare every table its statements read (docs/decisions/0021).
    const answered =
      options.validateAnswers && definition.cache && definition.cacheTables && request.method === 'GET'
        ? await checkCacheReads(definition.endpoint, definition.cacheTables, handle)
        : await handle();
    if (answered === reply) return reply;
    const { endpoint } = definition;
    if (reply.statusCode === 200 && endpoint.status !== 200) reply.code(endpoint.status);
    if (options.validateAnswers) checkAnswer(definition, reply.statusCode, answered, parts.query);
    const companyId = request.tenant?.company.id;
    if (definition.changes.length > 0 && companyId !== undefined && reply.statusCode < 300 && options.onChange) {
      // A commit that fails after the handler turns the answer into an error: then nothing changed.
      afterAnswer(reply, () => reply.statusCode < 300 && options.onChange?.(companyId, definition.changes));
    }
    await logActivity(options.activity, request, reply.statusCode, {
      endpoint: definition.endpoint,
      access: definition.access,
      params: parts.params,
    });
    return answered;
  };
  if (SAFE_METHODS.has(request.method)) return runReadingOnly(answer);
  return options.oneConnection && !definition.streamsBody ? options.oneConnection(answer) : answer();
}

/** Once the answer is sent, or its connection is gone: either way the write happened. */
function afterAnswer(reply: FastifyReply, then: () => unknown): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  reply.raw.once('finish', once);
  reply.raw.once('close', once);
}

/** The schema an answer of `status` must match (a list asked `count=1` answers its count). */
function answerSchema(definition: RouteDefinition, status: number, query: unknown): z.ZodType | undefined {
  const { endpoint } = definition;
  if (status !== endpoint.status) return endpoint.otherAnswers[status];
  const count = own((query ?? {}) as Record<string, unknown>, 'count');
  if (endpoint.list && (count === '1' || count === 'true')) return listCountAnswerSchema;
  return endpoint.answer;
}

function checkAnswer(definition: RouteDefinition, status: number, answer: unknown, query: unknown): void {
  const { endpoint } = definition;
  const schema = answerSchema(definition, status, query);
  // Sent as the answer (tests only), so that the failing test shows the drift.
  if (!schema) throw new HttpError(500, `${endpoint.method} ${endpoint.path} answered ${status}, undeclared.`);
  const result = schema.safeParse(answer);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new HttpError(500, `${endpoint.method} ${endpoint.path} answered outside its schema: ${issues}`);
  }
}

/**
 * Registers route definitions under /v2. A POST carrying `_method=PATCH|PUT|DELETE` (in a
 * JSON, urlencoded or multipart body, or the query) reaches the route of that method on the
 * same path, validated and authorised as that route.
 */
export function registerRoutes(
  app: FastifyInstance,
  definitions: RouteDefinition[],
  options: RegisterOptions = {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const byPath = new Map<string, RouteDefinition[]>();
  for (const definition of definitions) {
    const { endpoint } = definition;
    const list = byPath.get(endpoint.path) ?? [];
    list.push(definition);
    byPath.set(endpoint.path, list);
    const parsedQuery = endpoint.query && !definition.ownQueryParsing ? endpoint.query : undefined;
    typed.route({
      method: endpoint.method,
      url: `${API_PREFIX}${endpoint.path}`,
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(parsedQuery ? { querystring: parsedQuery } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          [endpoint.status]: endpoint.list ? z.union([endpoint.answer, listCountAnswerSchema]) : endpoint.answer,
          ...endpoint.otherAnswers,
        },
        summary: endpoint.summary,
        tags: [...endpoint.tags],
      },
      config: {
        access: definition.access,
        api: apiConfig(definition),
        cache: definition.cache && endpoint.method === 'GET',
        // A HEAD endpoint of the contract (tus) is documented; Fastify's own HEAD of each GET is not.
        ...(endpoint.method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}),
        cacheTables: ResponseCache.tablesOf(definition.cacheTables),
        ...(endpoint.query && definition.ownQueryParsing ? { documentedQuery: endpoint.query } : {}),
        ...multipartConfig(multipartLimitsOf(endpoint)),
      },
      handler: (request, reply) =>
        run(definition, request, reply, { params: request.params, query: request.query, body: request.body }, options),
    });
  }
  for (const [path, group] of byPath) {
    const overridable = group.filter((d) => OVERRIDABLE.has(d.endpoint.method));
    if (overridable.length === 0) continue;
    const post = group.find((d) => d.endpoint.method === 'POST');
    if (post) throw new Error(`POST ${path} and _method override of the same path: give one of them its own path.`);
    app.route({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      schema: { hide: true },
      config: {
        access: 'method-override',
        api: overrideConfig(overridable),
        ...multipartConfig(widestMultipartLimits(overridable.map((d) => multipartLimitsOf(d.endpoint)))),
      },
      handler: (request, reply) => dispatchOverride(request, reply, overridable, options),
    });
  }
}

async function dispatchOverride(
  request: FastifyRequest,
  reply: FastifyReply,
  candidates: RouteDefinition[],
  options: RegisterOptions,
) {
  const method = overrideMethod(request);
  const target = candidates.find((d) => d.endpoint.method === method);
  if (!target) {
    const methods = candidates.map((d) => d.endpoint.method).join('|');
    throw new HttpError(405, `POST is not allowed here; send _method=${methods}.`);
  }
  authorize(request, target.access);
  const body = { ...((request.body as Record<string, unknown> | undefined) ?? {}) };
  delete body._method;
  const parts = {
    params: parsePart(target, 'params', request.params),
    query: parsePart(target, 'query', request.query),
    body: parsePart(target, 'body', body),
  };
  return run(target, request, reply, parts, options);
}
