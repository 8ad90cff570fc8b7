import { parseHost, SESSION_COOKIE } from '@meshport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../app/services.ts';
import { forbidden } from '../http/http-error.ts';
import { SAFE_METHODS } from '../http/route.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Cookie-authenticated writes must come from a page of this tenant (or the bare base domain):
 * a cross-site form cannot use the session.
 */
function checkOrigin(request: FastifyRequest, baseDomain: string): void {
  const origin = request.headers.origin;
  if (!origin) throw forbidden('Missing Origin header on a cookie-authenticated request.');
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    throw forbidden('Malformed Origin header.');
  }
  if (hostname === baseDomain) return;
  const { tenant } = parseHost(hostname, baseDomain);
  const own = request.tenant?.company.subDomain;
  if (!tenant || (own && tenant !== own)) throw forbidden('Cross-origin request refused.');
}

/** Resolves tenant and actor once per API request, before routing decisions need them. */
export function installAuthHooks(app: FastifyInstance, services: Services): void {
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/v2/')) return;
    request.tenant = await services.tenants.resolve(request);
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    if (bearer) {
      request.actor = await services.sessions.authenticate(bearer, request.tenant?.company.id ?? null, 'bearer');
    } else if (cookie) {
      if (!SAFE_METHODS.has(request.method)) checkOrigin(request, services.config.baseDomain);
      request.actor = await services.sessions.authenticate(cookie, request.tenant?.company.id ?? null, 'cookie');
    }
  });
}
