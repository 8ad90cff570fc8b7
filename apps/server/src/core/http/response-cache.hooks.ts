import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '#core/db/change-feed.ts';
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

/**
 * Serves the routes that declare `cache` from the response cache, after access was checked
 * (register after the hook that authorises). The `x-cache` header says hit or miss; a hit is
 * gzipped for clients that accept it (browsers do), as the cache compressed it once. An answer
 * is kept with the tables its route declares (`cacheTables`). A write through an API route of
 * this process clears its company before the writer sees the answer, so its next read here is
 * fresh; other processes, and writes made elsewhere (jobs), are heard from the change feed.
 */
export function installResponseCache(app: FastifyInstance, cache: ResponseCache, changes: ChangeFeed): void {
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
      reply.header('x-cache', 'hit').type('application/json; charset=utf-8');
      if (body.gzip && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
      return reply.send(body.identity);
    }
    request.cacheSlot = cache.slot(key, tenant.company.id, request.routeOptions.config.cacheTables ?? null);
    reply.header('x-cache', 'miss');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.cacheSlot;
    if (slot) {
      request.cacheSlot = null;
      if (reply.statusCode === 200 && typeof payload === 'string') cache.set(slot, payload);
    } else if (!SAFE_METHODS.has(request.method) && request.tenant && request.routeOptions.config.api) {
      // Which tables the write touched (triggers included) is known only from the feed: the
      // whole company, as route writes are rare (docs/decisions/0021). Routes outside the API
      // (upload chunks) leave it to the feed.
      changes.publish({ kind: 'company', companyId: request.tenant.company.id });
    }
    return payload;
  });
}
