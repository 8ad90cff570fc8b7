import type { LoginRateLimiter } from './auth/login-rate-limiter.ts';
import type { SessionRepository } from './auth/session.repository.ts';
import type { SessionService } from './auth/session.service.ts';
import type { Config } from './config/config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/database.ts';
import type { ResponseCache } from './http/response-cache.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MaintenanceService } from './maintenance/maintenance.service.ts';
import type { RealtimeService } from './realtime/realtime.service.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { TenantResolver } from './tenancy/tenant.resolver.ts';

/**
 * The mechanisms every module is built from, one instance of each per process. Modules that
 * need another module's service name it beside these (`CoreServices & { notifications: … }`);
 * `app/services.ts` composes them all.
 */
export interface CoreServices {
  config: Config;
  database: Database;
  changes: ChangeFeed;
  responseCache: ResponseCache;
  tenants: TenantResolver;
  sessionRepository: SessionRepository;
  sessions: SessionService;
  rateLimiter: LoginRateLimiter;
  maintenance: MaintenanceService;
  storage: FileStorage;
  mailer: Mailer;
  realtime: RealtimeService;
  /** Background jobs (docs/decisions/0016); started by `serve` (main.ts), stopped before the database closes. */
  jobs: JobQueue;
}
