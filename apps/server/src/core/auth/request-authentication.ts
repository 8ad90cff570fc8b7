import { SESSION_COOKIE } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { forbidden } from '#core/http/http-error.ts';
import type { Actor } from '#core/http/request-context.ts';
import { SAFE_METHODS } from '#core/http/route.ts';
import { isOwnOrigin, type RequestPlace } from './own-origin.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Where this request was sent, for comparing with the page that sent it. */
function placeOf(request: FastifyRequest, scheme: 'http' | 'https'): RequestPlace {
  return { scheme, host: request.host, tenant: request.tenant?.company.subDomain ?? null };
}

/**
 * Cookie-authenticated requests that change something must come from a page of this tenant: a
 * cross-site form or link cannot use the session. Writes must carry `Origin`; a GET that changes
 * state (sign-out) is judged by `Sec-Fetch-Site`, and by `Origin` when the browser sends one.
 */
function checkCrossSite(request: FastifyRequest, services: CoreServices, changesState: boolean): void {
  const origin = request.headers.origin;
  const { baseDomain, scheme } = services.config;
  const fromOwnSite = (value: string) => isOwnOrigin(value, placeOf(request, scheme), baseDomain);
  if (!SAFE_METHODS.has(request.method)) {
    if (!origin) throw forbidden('Missing Origin header on a cookie-authenticated request.');
    if (!fromOwnSite(origin)) throw forbidden('Cross-origin request refused.');
    return;
  }
  if (!changesState) return;
  const site = request.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (!fromOwnSite(origin)) throw forbidden('Cross-origin request refused.');
  } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw forbidden('Cross-site request refused.');
  }
}

/** The signed-in person of an API request, from the bearer token or the session cookie. */
export async function authenticateRequest(
  request: FastifyRequest,
  services: CoreServices,
  changesState: boolean,
): Promise<Actor | null> {
  const companyId = request.tenant?.company.id ?? null;
  const bearer = bearerToken(request);
  if (bearer) return services.sessions.authenticate(bearer, companyId, 'bearer');
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return null;
  checkCrossSite(request, services, changesState);
  return services.sessions.authenticate(cookie, companyId, 'cookie');
}
