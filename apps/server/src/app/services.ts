import path from 'node:path';
import { LoginRateLimiter, type RateLimits } from '../auth/login-rate-limiter.ts';
import { SessionRepository } from '../auth/session.repository.ts';
import { SessionService } from '../auth/session.service.ts';
import type { Config } from '../config/config.ts';
import { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { ResponseCache } from '../http/response-cache.ts';
import { MaintenanceService } from '../maintenance/maintenance.service.ts';
import { createMessagingServices, type MessagingServices } from '../realtime/messaging-services.ts';
import { FileStorage } from '../storage/file-storage.ts';
import { TenantResolver } from '../tenancy/tenant.resolver.ts';

/** Days left in the bin and other dates the database derives are at most this stale. */
const RESPONSE_TTL_MS = 30_000;

/** What route modules are built from: one instance of each per process. */
export interface Services extends MessagingServices {
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
}

export function createServices(config: Config, database: Database, rateLimits?: RateLimits): Services {
  const sessionRepository = new SessionRepository(database);
  const tenants = new TenantResolver(database, config.baseDomain);
  const changes = new ChangeFeed(database);
  const sessions = new SessionService(sessionRepository, config.sessionIdleMinutes, changes);
  return {
    config,
    database,
    changes,
    responseCache: new ResponseCache(changes, { maxBytes: config.responseCacheBytes, ttlMs: RESPONSE_TTL_MS }),
    tenants,
    sessionRepository,
    sessions,
    rateLimiter: new LoginRateLimiter(database, rateLimits),
    maintenance: new MaintenanceService(database),
    storage: new FileStorage(path.join(config.dataDir, 'storage')),
    ...createMessagingServices(config, database, sessions, tenants),
  };
}
