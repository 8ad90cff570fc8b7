import path from 'node:path';
import { LoginRateLimiter, type RateLimits } from '../auth/login-rate-limiter.ts';
import { SessionRepository } from '../auth/session.repository.ts';
import { SessionService } from '../auth/session.service.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { MaintenanceService } from '../maintenance/maintenance.service.ts';
import { createMessagingServices, type MessagingServices } from '../realtime/messaging-services.ts';
import { FileStorage } from '../storage/file-storage.ts';
import { TenantResolver } from '../tenancy/tenant.resolver.ts';

/** What route modules are built from: one instance of each per process. */
export interface Services extends MessagingServices {
  config: Config;
  database: Database;
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
  const sessions = new SessionService(sessionRepository, config.sessionIdleMinutes);
  return {
    config,
    database,
    tenants,
    sessionRepository,
    sessions,
    rateLimiter: new LoginRateLimiter(database, rateLimits),
    maintenance: new MaintenanceService(database),
    storage: new FileStorage(path.join(config.dataDir, 'storage')),
    ...createMessagingServices(config, database, sessions, tenants),
  };
}
