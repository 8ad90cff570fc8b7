import { LoginRateLimiter } from '#core/auth/login-rate-limiter.ts';
import type { SessionService } from '#core/auth/session.service.ts';
import type { Config } from '#core/config/config.ts';
import type { ChangeFeed } from '#core/db/change-feed.ts';
import type { Database } from '#core/db/database.ts';
import { createMailer } from '#core/mail/create-mailer.ts';
import type { Mailer } from '#core/mail/mailer.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { RealtimeService } from '#core/realtime/realtime.service.ts';
import type { TenantResolver } from '#core/tenancy/tenant.resolver.ts';
import { registerNotificationChannels } from '#modules/account/notifications/notification.channel.ts';
import { NotificationService } from '#modules/account/notifications/notification.service.ts';
import { PasswordResetService } from '#modules/account/password-reset/password-reset.service.ts';
import { registerContentChannel } from '#modules/content/shared/content-channel.ts';

/** Mail, realtime, notifications and password reset: the services that reach people outside a request. */
export interface MessagingServices {
  mailer: Mailer;
  realtime: RealtimeService;
  notifications: NotificationService;
  passwordReset: PasswordResetService;
}

/** The kinds of channel core knows none of, as a process composes them; each content list adds its own with its routes. */
export function registerChannelKinds(realtime: RealtimeService): void {
  registerNotificationChannels(realtime);
  registerContentChannel(realtime);
}

export function createMessagingServices(
  config: Config,
  database: Database,
  sessions: SessionService,
  tenants: TenantResolver,
  changes: ChangeFeed,
): MessagingServices {
  const log = createLogger(config.logLevel);
  const mailer = createMailer(config);
  const realtime = new RealtimeService(sessions, tenants, {
    baseDomain: config.baseDomain,
    scheme: config.scheme,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
    websocketOnly: config.workers > 1,
    changes,
    log: log.child({ module: 'realtime' }),
  });
  registerChannelKinds(realtime);
  return {
    mailer,
    realtime,
    notifications: new NotificationService(database, realtime, mailer, log.child({ module: 'notifications' })),
    // Forgot-password requests count in the sign-in limiter's table under their own keys.
    passwordReset: new PasswordResetService(
      database,
      mailer,
      sessions,
      new LoginRateLimiter(database),
      log.child({ module: 'password-reset' }),
      config,
    ),
  };
}
