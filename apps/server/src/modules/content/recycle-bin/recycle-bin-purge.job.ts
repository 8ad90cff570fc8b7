import { CONTENT_CHANGED_EVENT, type ContentChanged, contentChannel } from '@meshport/contract';
import { z } from 'zod';
import type { CoreServices } from '#core/core-services.ts';
import { defineJob } from '#core/jobs/job-definition.ts';
import type { JobQueue } from '#core/jobs/job-queue.ts';
import type { JobLog } from '#core/jobs/job-worker.ts';
import type { RealtimeService } from '#core/realtime/realtime.service.ts';
import { purgeRecycleBin } from './recycle-bin-purge.ts';

/** Hard-deletes what has been in the recycling bin past the restore window, with its files. */
export const recycleBinPurgeJob = defineJob({
  name: 'recycle-bin.purge',
  payload: z.object({}),
  // Idempotent: a failed run is simply tried again; the next hour's run would catch up anyway.
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
});

/** One purge per hour, whichever process that works jobs asks for it first. */
export const PURGE_SLOT_SECONDS = 60 * 60;
/** How often each such process asks; a slot missed by a stopped process is taken by the next ask. */
export const PURGE_ASK_EVERY_MS = 10 * 60 * 1000;

/** The job and its handler, added to the queue at composition (`app/services.ts`). */
export function recycleBinJobs(services: CoreServices & { realtime: Pick<RealtimeService, 'emit'> }): void {
  services.jobs.define(recycleBinPurgeJob);
  services.jobs.work(recycleBinPurgeJob.name, async (_payload, context) => {
    const outcome = await purgeRecycleBin(
      {
        database: services.database,
        storage: services.storage,
        changed: (companyId, resources) =>
          services.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
            resources,
          } satisfies ContentChanged),
      },
      context.signal,
    );
    return outcome;
  });
}

/**
 * Asks for the purge now and every PURGE_ASK_EVERY_MS in a process that works jobs; the queue
 * takes one ask per hour slot across all processes (docs/decisions/0019). Returns the stop.
 */
export function scheduleRecycleBinPurge(
  jobs: JobQueue,
  log: Pick<JobLog, 'warn'>,
  everyMs = PURGE_ASK_EVERY_MS,
): () => void {
  const ask = () => {
    jobs
      .enqueueOncePer(recycleBinPurgeJob.name, {}, { key: recycleBinPurgeJob.name, seconds: PURGE_SLOT_SECONDS })
      .catch((error: unknown) =>
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'recycle-bin purge not asked for'),
      );
  };
  ask();
  const timer = setInterval(ask, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
