import { type AuthPayload, authPayloadSchema, loginRequestSchema, messageSchema } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { verifyPassword } from '../accounts/password.ts';
import type { Services } from '../app/services.ts';
import { HttpError, unauthenticated } from '../http/http-error.ts';
import type { Actor } from '../http/request-context.ts';
import { defineRoute } from '../http/route.ts';
import { MaintenanceService } from '../maintenance/maintenance.service.ts';
import { recordActivity } from '../users/user-activity.repository.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';

const INVALID_CREDENTIALS = 'Invalid Username or Password';
const truthy = (value: unknown) => value === true || value === '1' || value === 'true';

export function profileImageUrl(actor: Pick<Actor, 'accountId' | 'profileImagePath'>): string | null {
  return actor.profileImagePath ? `/v2/accounts/${actor.accountId}/profile-image` : null;
}

export function authRoutes(services: Services) {
  const { sessions, sessionRepository, rateLimiter, maintenance, config } = services;
  const cookieSettings = { baseDomain: config.baseDomain, secure: config.scheme === 'https' };

  const payload = (actor: Actor, token: string | undefined): AuthPayload => ({
    ...(token ? { access_token: token } : {}),
    remember: actor.remember,
    expires_at: actor.expiresAt?.toISOString() ?? null,
    idle_timeout_minutes: actor.remember ? null : sessions.idleTimeoutMinutes,
    user: {
      id: actor.accountId,
      name: actor.name,
      username: actor.username,
      email: actor.email,
      profile_image: profileImageUrl(actor),
      admin: actor.admin,
      abilities: actor.admin ? [] : (actor.membership?.abilities ?? []),
      licences: actor.membership?.licences ?? [],
      company_id: null,
    },
  });
  const withCompany = (request: FastifyRequest, body: AuthPayload): AuthPayload => ({
    ...body,
    user: { ...body.user, company_id: request.tenant?.company.id ?? null },
  });

  return [
    defineRoute({
      method: 'POST',
      url: '/login',
      access: 'public',
      // Platform admins must be able to sign in during maintenance; the handler refuses the others.
      duringMaintenance: true,
      summary: 'Sign in with username or e-mail and password',
      tags: ['auth'],
      schema: {
        body: loginRequestSchema,
        response: { 200: authPayloadSchema, 401: messageSchema, 403: messageSchema, 429: messageSchema },
      },
      async handler({ body, request, reply }) {
        const address = request.ip;
        const account = await sessionRepository.findAccountByIdentity(body.identity);
        // Counted before the password is checked, so concurrent guesses cannot all get through.
        const attempt = await rateLimiter.begin(account?.id ?? null, body.identity, address);
        const valid = await verifyPassword(account?.passwordHash ?? null, body.password);
        if (!account || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
        const window = await maintenance.active();
        if (window && !account.isAdmin) {
          await rateLimiter.withdraw(attempt);
          throw MaintenanceService.unavailable(window);
        }
        const company = request.tenant?.company;
        if (company && !account.isAdmin && !(await sessionRepository.isMember(account.id, company.id))) {
          throw new HttpError(403, `This account has no access to ${company.name}.`);
        }
        await rateLimiter.succeeded(attempt);
        const remember = truthy(body.remember);
        const issued = await sessions.issue(account.id, remember, {
          userAgent: request.headers['user-agent'] ?? null,
          ipAddress: address,
        });
        const actor = await sessions.authenticate(issued.token, company?.id ?? null, 'cookie');
        if (!actor) throw new Error('a session just issued did not authenticate');
        setSessionCookies(reply, cookieSettings, issued.token, remember);
        request.log.info({ accountId: account.id, sessionId: issued.sessionId, remember }, 'signed in');
        if (company)
          await recordActivity(services.database, { companyId: company.id, accountId: account.id }, 'Signed in');
        return withCompany(request, payload(actor, truthy(body.issue_token) ? issued.token : undefined));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/auth/validate',
      access: 'signed-in',
      summary: 'The signed-in user and what they may do in this company',
      tags: ['auth'],
      schema: { response: { 200: authPayloadSchema } },
      async handler({ request, reply }) {
        const actor = request.actor;
        if (!actor) throw unauthenticated();
        if (actor.via === 'cookie' && request.cookies.user_session) {
          setSessionCookies(reply, cookieSettings, request.cookies.user_session, actor.remember);
        }
        return withCompany(request, payload(actor, actor.bearerToken ?? undefined));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/logout',
      access: 'signed-in',
      changesState: true,
      summary: 'End this session',
      tags: ['auth'],
      schema: { response: { 200: messageSchema } },
      async handler({ request, reply }) {
        if (request.actor) await sessions.revoke(request.actor.sessionId);
        clearSessionCookies(reply, cookieSettings);
        return { message: 'Logged out.' };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/logout-all',
      access: 'signed-in',
      changesState: true,
      summary: 'End every session of this account, on every device',
      tags: ['auth'],
      schema: { response: { 200: messageSchema.extend({ revoked: z.number().int() }) } },
      async handler({ request, reply }) {
        const revoked = request.actor ? await sessions.revokeAll(request.actor.accountId) : 0;
        clearSessionCookies(reply, cookieSettings);
        return { message: 'Logged out on all devices.', revoked };
      },
    }),
  ];
}
