import { type AuthPayload, signInEndpoints } from '@meshport/contract';
import { verifyPassword } from '#core/auth/password.ts';
import { clearSessionCookies, setSessionCookies } from '#core/auth/session-cookies.ts';
import type { CoreServices } from '#core/core-services.ts';
import { HttpError } from '#core/http/http-error.ts';
import type { Actor, RequestTenant } from '#core/http/request-context.ts';
import { defineRoute } from '#core/http/route.ts';
import { MaintenanceService } from '#core/maintenance/maintenance.service.ts';
import { recordActivity } from '#modules/account/activity/user-activity.repository.ts';

const INVALID_CREDENTIALS = 'Invalid Username or Password';
const truthy = (value: unknown) => value === true || value === '1' || value === 'true';

export function profileImageUrl(actor: Pick<Actor, 'accountId' | 'profileImagePath'>): string | null {
  return actor.profileImagePath ? `/v2/accounts/${actor.accountId}/profile-image` : null;
}

export function authRoutes(services: CoreServices) {
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
  const withCompany = (tenant: RequestTenant | null, body: AuthPayload): AuthPayload => ({
    ...body,
    user: { ...body.user, company_id: tenant?.company.id ?? null },
  });

  return [
    defineRoute(signInEndpoints.login, {
      access: 'public',
      // Platform admins must be able to sign in during maintenance; the handler refuses the others.
      duringMaintenance: true,
      async handler({ body, tenant, request, reply }) {
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
        const company = tenant?.company;
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
        return withCompany(tenant, payload(actor, truthy(body.issue_token) ? issued.token : undefined));
      },
    }),
    defineRoute(signInEndpoints.validate, {
      access: 'signed-in',
      async handler({ actor, tenant, request, reply }) {
        if (actor.via === 'cookie' && request.cookies.user_session) {
          setSessionCookies(reply, cookieSettings, request.cookies.user_session, actor.remember);
        }
        return withCompany(tenant, payload(actor, actor.bearerToken ?? undefined));
      },
    }),
    defineRoute(signInEndpoints.logout, {
      access: 'signed-in',
      changesState: true,
      async handler({ actor, reply }) {
        await sessions.revoke(actor.sessionId);
        clearSessionCookies(reply, cookieSettings);
        return { message: 'Logged out.' };
      },
    }),
    defineRoute(signInEndpoints.logoutAll, {
      access: 'signed-in',
      changesState: true,
      async handler({ actor, reply }) {
        const revoked = await sessions.revokeAll(actor.accountId);
        clearSessionCookies(reply, cookieSettings);
        return { message: 'Logged out on all devices.', revoked };
      },
    }),
  ];
}
