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
 * Writes from a browser must come from a page of this tenant: a cross-site form or link can
 * neither use the session nor make one (login CSRF: a page elsewhere signing the visitor in as
 * someone else). With the session cookie, writes must carry `Origin`; without it (sign-in,
 * password reset), a browser's `Origin` or `Sec-Fetch-Site` must say the page is ours, and a
 * client that sends neither (no browser) goes on. A GET that changes state (sign-out) is judged
 * by `Sec-Fetch-Site`, and by `Origin` when the browser sends one.
 */
function checkCrossSite(request: FastifyRequest, services: CoreServices, changesState: boolean, withSession: boolean) {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const { baseDomain, scheme } = services.config;
  const fromOwnSite = (value: string) => isOwnOrigin(value, placeOf(request, scheme), baseDomain);
  const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
  if (!SAFE_METHODS.has(request.method)) {
    if (origin !== undefined) {
      if (!fromOwnSite(origin)) throw forbidden('Cross-origin request refused.');
    } else if (withSession) {
      throw forbidden('Missing Origin header on a cookie-authenticated request.');
    } else if (crossSite) {
      throw forbidden('Cross-site request refused.');
    }
    return;
  }
  if (!changesState || !withSession) return;
  if (origin !== undefined) {
    if (!fromOwnSite(origin)) throw forbidden('Cross-origin request refused.');
  } else if (crossSite) {
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
  checkCrossSite(request, services, changesState, Boolean(cookie));
  if (!cookie) return null;
  return services.sessions.authenticate(cookie, companyId, 'cookie');
}
