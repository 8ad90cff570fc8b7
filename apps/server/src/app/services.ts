import { LoginRateLimiter, type RateLimits } from '#core/auth/login-rate-limiter.ts';
import { SessionRepository } from '#core/auth/session.repository.ts';
import { SessionService } from '#core/auth/session.service.ts';
import type { Config } from '#core/config/config.ts';
import type { CoreServices } from '#core/core-services.ts';
import { ChangeFeed } from '#core/db/change-feed.ts';
import type { Database } from '#core/db/database.ts';
import { ResponseCache } from '#core/http/response-cache.ts';
import { declareFunctionReads } from '#core/http/response-cache-reads.ts';
import { JobQueue } from '#core/jobs/job-queue.ts';
import { MaintenanceService } from '#core/maintenance/maintenance.service.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { createStorage } from '#core/storage/create-storage.ts';
import { TenantResolver } from '#core/tenancy/tenant.resolver.ts';
import { designPreviewJobs } from '#modules/content/designs/design-preview.job.ts';
import { libraryFunctionReads } from '#modules/content/libraries/library.service.ts';
import { libraryItemProcessing } from '#modules/content/library-items/library-item.processing-subject.ts';
import { materialCategoryFunctionReads } from '#modules/content/material-categories/material-category.service.ts';
import { materialPreviewJobs } from '#modules/content/materials/material-preview.job.ts';
import { projectModelProcessing } from '#modules/content/project-models/project-model.processing-subject.ts';
import { recycleBinJobs } from '#modules/content/recycle-bin/recycle-bin-purge.job.ts';
import { ActiveRuns } from '#modules/processing/pipeline/active-runs.ts';
import { processingJobs } from '#modules/processing/pipeline/processing.job.ts';
import { ProcessingEngines } from '#modules/processing/pipeline/processing-engines.ts';
import { ProcessingSubjects } from '#modules/processing/pipeline/processing-subject.ts';
import { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { uploadJobs } from '#modules/processing/uploads/upload-expire.job.ts';
import { createUploadStore } from '#modules/processing/uploads/upload-store.ts';
import { createMessagingServices, type MessagingServices } from './messaging-services.ts';

/** Days left in the bin and other dates the database derives are at most this stale. */
const RESPONSE_TTL_MS = 30_000;

/** The core mechanisms and the module services: one instance of each per process. */
export interface Services extends CoreServices, MessagingServices {
  /** Resumable uploads (tus): the quota, the rows, and claim/release for the records that take them. */
  uploads: UploadService;
  /** The pipeline's converter process and preview browser (started on first use, where jobs are worked). */
  processing: ProcessingEngines;
  /** Runs working in this process, for an immediate cancel. */
  activeRuns: ActiveRuns;
  /** The kinds of record the pipeline processes, each declared by the module that owns it. */
  processingSubjects: ProcessingSubjects;
}

/** What a module adds to the job queue at composition: `services.jobs.define(…)` and `services.jobs.work(…)`. */
export type JobModule = (services: Services) => void;

/**
 * The modules' jobs. A test fixture preloaded with `node --import` adds its own through
 * `addJobModule`; nothing else calls it.
 */
const jobModules: JobModule[] = [recycleBinJobs, uploadJobs, processingJobs, materialPreviewJobs, designPreviewJobs];

export function addJobModule(module: JobModule): void {
  jobModules.push(module);
}

export function createServices(config: Config, database: Database, rateLimits?: RateLimits): Services {
  declareFunctionReads(libraryFunctionReads);
  declareFunctionReads(materialCategoryFunctionReads);
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
    log: createLogger(config.logLevel).child({ module: 'jobs' }),
  });
  const storage = createStorage(config);
  const uploadLog = createLogger(config.logLevel).child({ module: 'uploads' });
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
    storage,
    uploads: new UploadService(
      database,
      storage,
      createUploadStore(config, database, uploadLog),
      {
        expireHours: config.uploadExpireHours,
        idleSeconds: config.uploadIdleSeconds,
        unfinishedMax: config.uploadUnfinishedMax,
        defaultQuotaBytes: config.companyStorageQuotaBytes,
      },
      uploadLog,
    ),
    jobs,
    ...createMessagingServices(config, database, sessions, tenants, changes),
    processing: new ProcessingEngines(config),
    activeRuns: new ActiveRuns(),
    processingSubjects: new ProcessingSubjects([projectModelProcessing, libraryItemProcessing]),
  };
  for (const module of jobModules) module(services);
  return services;
}
