import { REMEMBER_COOKIE, REMEMBER_DAYS, SESSION_COOKIE } from '@meshport/contract';
import type { FastifyReply } from 'fastify';

export interface CookieSettings {
  baseDomain: string;
  secure: boolean;
}

/**
 * shell.md §9: both cookies on the parent domain, path '/', SameSite Lax. The token cookie is
 * HttpOnly, so page scripts cannot read the token; `remember_session` is only a marker the web app reads.
 */
export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  token: string,
  remember: boolean,
): void {
  const common = {
    domain: settings.baseDomain,
    path: '/',
    sameSite: 'lax' as const,
    secure: settings.secure,
  };
  const maxAge = remember ? REMEMBER_DAYS * 86_400 : undefined;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true, ...(maxAge ? { maxAge } : {}) });
  if (remember) reply.setCookie(REMEMBER_COOKIE, '1', { ...common, httpOnly: false, maxAge: REMEMBER_DAYS * 86_400 });
  else reply.clearCookie(REMEMBER_COOKIE, common);
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  const common = { domain: settings.baseDomain, path: '/', sameSite: 'lax' as const, secure: settings.secure };
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(REMEMBER_COOKIE, common);
}
