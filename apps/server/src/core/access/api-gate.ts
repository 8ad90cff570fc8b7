import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateRequest } from '#core/auth/request-authentication.ts';
import type { CoreServices } from '#core/core-services.ts';
import { HttpError, ValidationError } from '#core/http/http-error.ts';
import type { RouteAccess } from '#core/http/route.ts';
import { MaintenanceService } from '#core/maintenance/maintenance.service.ts';
import { authorize } from './access.ts';

/**
 * What a matched API route declares; set by `registerRoutes` on each route's config. A request
 * that matched no API route has none and gets no API behaviour: no tenant, no session, no data.
 */
export interface ApiRouteConfig {
  /** Checked before the body is read. A `_method` override checks its target's rule again after. */
  access: RouteAccess;
  duringMaintenance: boolean;
  changesState: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    api?: ApiRouteConfig;
  }
}

/** RFC 9112 origin-form: `/path?query`. Absolute-form (`http://host/path`) and the rest are refused. */
function isOriginForm(target: string | undefined): boolean {
  return target?.startsWith('/') === true && !target.startsWith('//');
}

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** Paths (`body.tags.0`) of the strings and keys that contain a NUL character. */
function nulPaths(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= 10 || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(path);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key.replaceAll(NUL, '\\0')}` : key.replaceAll(NUL, '\\0');
    if (key.includes(NUL)) found.push(at);
    nulPaths(inner, at, found, depth + 1);
  }
}

/**
 * The one place that decides, from the route that matched, whether an API request may go on:
 * tenant from the host, session, planned maintenance, then the route's access rule. It runs on
 * `onRequest`, after routing and before the body or the query is validated, so a request without
 * a valid session gets 401 whatever it sends.
 */
export function installApiGate(app: FastifyInstance, services: CoreServices): void {
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    if (!isOriginForm(request.raw.url)) throw new HttpError(400, 'The request target must be a path (origin-form).');
    const api = request.routeOptions.config.api;
    if (!api) return;
    request.tenant = await services.tenants.resolve(request);
    request.actor = await authenticateRequest(request, services, api.changesState);
    if (!api.duringMaintenance && !request.actor?.admin) {
      const window = await services.maintenance.active();
      if (window) throw MaintenanceService.unavailable(window);
    }
    authorize(request, api.access);
  });

  // A NUL character cannot be stored in PostgreSQL text: refused here, for every API route.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.routeOptions.config.api) return;
    const found: string[] = [];
    nulPaths(request.params, '', found);
    nulPaths(request.query, '', found);
    nulPaths(request.body, '', found);
    if (found.length) {
      throw new ValidationError(
        Object.fromEntries(found.map((at) => [at || 'request', ['May not contain a NUL character.']])),
      );
    }
  });

  // Answers for one person are not for shared caches; what the server caches may be revalidated,
  // and a refusal or an error is not kept anywhere.
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (config.api && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', config.cache && reply.statusCode < 300 ? 'private, no-cache' : 'no-store');
    }
    return payload;
  });
}
