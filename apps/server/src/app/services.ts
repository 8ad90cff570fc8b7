import path from 'node:path';
import pino from 'pino';
import { LoginRateLimiter, type RateLimits } from '#core/auth/login-rate-limiter.ts';
import { SessionRepository } from '#core/auth/session.repository.ts';
import { SessionService } from '#core/auth/session.service.ts';
import type { Config } from '#core/config/config.ts';
import type { CoreServices } from '#core/core-services.ts';
import { ChangeFeed } from '#core/db/change-feed.ts';
import type { Database } from '#core/db/database.ts';
import { ResponseCache } from '#core/http/response-cache.ts';
import { JobQueue } from '#core/jobs/job-queue.ts';
import { MaintenanceService } from '#core/maintenance/maintenance.service.ts';
import { FileStorage } from '#core/storage/file-storage.ts';
import { TenantResolver } from '#core/tenancy/tenant.resolver.ts';
import { recycleBinJobs } from '#modules/content/recycle-bin/recycle-bin-purge.job.ts';
import { createMessagingServices, type MessagingServices } from './messaging-services.ts';

/** Days left in the bin and other dates the database derives are at most this stale. */
const RESPONSE_TTL_MS = 30_000;

/** The core mechanisms and the module services: one instance of each per process. */
export interface Services extends CoreServices, MessagingServices {}

/** What a module adds to the job queue at composition: `services.jobs.define(…)` and `services.jobs.work(…)`. */
export type JobModule = (services: Services) => void;

/**
 * The modules' jobs. A test fixture preloaded with `node --import` adds its own through
 * `addJobModule`; nothing else calls it.
 */
const jobModules: JobModule[] = [recycleBinJobs];

export function addJobModule(module: JobModule): void {
  jobModules.push(module);
}

export function createServices(config: Config, database: Database, rateLimits?: RateLimits): Services {
  const sessionRepository = new SessionRepository(database);
  const tenants = new TenantResolver(database, config.baseDomain);
  const changes = new ChangeFeed(database);
  const sessions = new SessionService(sessionRepository, config.sessionIdleMinutes, changes);
  const jobs = new JobQueue(database, [], {
    work: config.role !== 'api',
    connectionString: config.databaseUrl,
    poolSize: 4,
    pollingSeconds: config.jobPollingSeconds,
    maintenanceSeconds: config.jobMaintenanceSeconds,
    log: pino({ level: config.logLevel }).child({ module: 'jobs' }),
  });
  const services: Services = {
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
    jobs,
    ...createMessagingServices(config, database, sessions, tenants),
  };
  for (const module of jobModules) module(services);
  return services;
}
