import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { responseCacheHits, responseCacheMisses } from '#core/operations/metrics.ts';
import { type CacheSlot, ResponseCache } from './response-cache.ts';
import { SAFE_METHODS } from './route.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cacheSlot: CacheSlot | null;
  }
}

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not refused with q=0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /(^|,)\s*gzip\s*(,|$|;\s*q=(?!0(\.0+)?\s*(,|$)))/i.test(header);
}

/** `Cache-Control: no-cache` (a hard reload, or a client that wants the engine's answer): build it afresh. */
function wantsFresh(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /\bno-cache\b/i.test(header);
}

/** Leaves this request's answer out of the cache: it is not final (an estimated total, decision 0029). */
export function keepOutOfCache(request: FastifyRequest): void {
  request.cacheSlot = null;
}

/**
 * Serves the routes that declare `cache` from the response cache, after access was checked
 * (register after the hook that authorises). The `x-cache` header says hit or miss; a hit is
 * gzipped for clients that accept it (browsers do), as the cache compressed it once. An answer
 * is kept with the tables its route declares (`cacheTables`). A write through an API route of
 * this process drops the writer's own answers before they see its answer, so their next read
 * here is fresh; everyone else's, on every process, go when the change feed names the tables.
 */
export function installResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.decorateRequest('cacheSlot', null);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    // HEAD shares the GET route's config but not its body.
    if (request.method !== 'GET' || !request.routeOptions.config.cache || !cache.enabled) return;
    const { tenant, actor } = request;
    if (!tenant || !actor) return;
    const key = ResponseCache.key(tenant.company.id, actor.accountId, tenant.platform, request.url);
    reply.header('vary', 'accept-encoding');
    const body = wantsFresh(request) ? undefined : cache.get(key);
    if (body !== undefined) {
      responseCacheHits.inc();
      reply.header('x-cache', 'hit').type('application/json; charset=utf-8');
      const gzip = acceptsGzip(request) ? cache.gzipped(key, body) : null;
      if (gzip) return reply.header('content-encoding', 'gzip').send(gzip);
      return reply.send(body.identity);
    }
    responseCacheMisses.inc();
    request.cacheSlot = cache.slot(key, tenant.company.id, request.routeOptions.config.cacheTables ?? null);
    reply.header('x-cache', 'miss');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.cacheSlot;
    if (slot) {
      request.cacheSlot = null;
      if (reply.statusCode === 200 && typeof payload === 'string') cache.set(slot, payload);
    } else if (
      !SAFE_METHODS.has(request.method) &&
      request.tenant &&
      request.actor &&
      request.routeOptions.config.api
    ) {
      // The writer's own answers, so that their next read here is fresh; which tables the write
      // touched (triggers included) reaches everyone's answers through the feed (decision 0028).
      // Routes outside the API (upload chunks) leave it to the feed.
      cache.forgetAccount(request.tenant.company.id, request.actor.accountId);
    }
    return payload;
  });
}
