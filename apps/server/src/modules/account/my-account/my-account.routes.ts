import { type AnswerOf, EMAIL_CHANGED, MY_ACCOUNT_UPDATED, myAccountEndpoints } from '@meshport/contract';
import { and, eq } from 'drizzle-orm';
import { accounts, memberships } from '#core/auth/account.table.ts';
import { clearSessionCookies } from '#core/auth/session-cookies.ts';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { createLogger } from '#core/operations/log-context.ts';
import type { NotificationService } from '#modules/account/notifications/notification.service.ts';
import { EmailChangeService } from './email-change.service.ts';
import { MyAccountService, PROFILE_IMAGE_CONTENT_TYPES } from './my-account.service.ts';

/**
 * My Account's writes (spec: POST /my-account with _method=PATCH, administration.md §7). `record`
 * is the member's own record as the users of security declare it (`GET` my-account answers it
 * too); it is given when the app is composed (`app/build-app.ts`), so that account does not
 * import security, which imports account.
 */
export function myAccountRoutes(
  services: CoreServices & { notifications: NotificationService },
  record: ListResource,
): RouteDefinition[] {
  const { config, database, storage, sessions, notifications } = services;
  const engine = new ListEngine(database, services.changes);
  const emailChanges = new EmailChangeService(
    database,
    services.mailer,
    config,
    createLogger(config.logLevel).child({ module: 'email-change' }),
  );
  const service = new MyAccountService(database, storage, sessions, notifications, services.rateLimiter, emailChanges);
  const cookieSettings = { baseDomain: config.baseDomain, secure: config.scheme === 'https' };
  return [
    defineRoute(myAccountEndpoints.update, {
      access: 'member',
      async handler({ companyId, actor, tenant, platform, body, request, reply }) {
        const place = { company: tenant.company, platform };
        const saved = await service.update({ companyId, accountId: actor.accountId, ip: request.ip, place }, body);
        const { data } = await engine.record(request, record, eq(accounts.id, actor.accountId));
        if (saved.loggedOutAllDevices) clearSessionCookies(reply, cookieSettings);
        return {
          data,
          message: MY_ACCOUNT_UPDATED,
          metadata: saved.loggedOutAllDevices ? 'success_and_logged_out_all_devices' : 'success',
          pending_email: saved.pendingEmail,
        } as AnswerOf<typeof myAccountEndpoints.update>;
      },
    }),
    defineRoute(myAccountEndpoints.verifyEmail, {
      access: 'public',
      async handler({ body }) {
        await emailChanges.verify(body.token);
        return { message: EMAIL_CHANGED };
      },
    }),
    defineRoute(myAccountEndpoints.profileImage, {
      access: 'member',
      async handler({ companyId, params, reply }) {
        // Members of this company only: another company's people are not found.
        const [found] = await database.system
          .select({ path: accounts.profileImagePath })
          .from(accounts)
          .innerJoin(memberships, eq(memberships.accountId, accounts.id))
          .where(and(eq(accounts.id, params.id), eq(memberships.companyId, companyId)));
        const stored = found?.path;
        if (!stored || !(await storage.exists(stored))) throw notFound('No profile image.');
        const extension = stored.slice(stored.lastIndexOf('.') + 1);
        return reply
          .type(PROFILE_IMAGE_CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('cache-control', 'private, no-cache')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(storage.read(stored));
      },
    }),
  ];
}
