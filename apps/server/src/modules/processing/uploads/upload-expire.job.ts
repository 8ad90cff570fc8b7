import { z } from 'zod';
import type { CoreServices } from '#core/core-services.ts';
import { defineJob } from '#core/jobs/job-definition.ts';
import type { JobQueue } from '#core/jobs/job-queue.ts';
import type { JobLog } from '#core/jobs/job-worker.ts';
import type { UploadService } from './upload.service.ts';

/** Removes unfinished uploads past UPLOAD_EXPIRE_HOURS, with their bytes. */
export const uploadExpireJob = defineJob({
  name: 'uploads.expire',
  payload: z.object({}),
  // Idempotent: a failed run is tried again, and the next slot's run catches up anyway.
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
});

/** One expiry run per hour, whichever process that works jobs asks for it first (as the bin purge). */
export const EXPIRE_SLOT_SECONDS = 60 * 60;
export const EXPIRE_ASK_EVERY_MS = 10 * 60 * 1000;

/** The job and its handler, added to the queue at composition (`app/services.ts`). */
export function uploadJobs(services: CoreServices & { uploads: UploadService }): void {
  services.jobs.define(uploadExpireJob);
  services.jobs.work(uploadExpireJob.name, async (_payload, context) => ({
    removed: await services.uploads.expire(context.signal),
  }));
}

/** Asks for the expiry now and every EXPIRE_ASK_EVERY_MS; the queue takes one ask per slot. Returns the stop. */
export function scheduleUploadExpiry(
  jobs: JobQueue,
  log: Pick<JobLog, 'warn'>,
  everyMs = EXPIRE_ASK_EVERY_MS,
): () => void {
  const ask = () => {
    jobs
      .enqueueOncePer(uploadExpireJob.name, {}, { key: uploadExpireJob.name, seconds: EXPIRE_SLOT_SECONDS })
      .catch((error: unknown) =>
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'upload expiry not asked for'),
      );
  };
  ask();
  const timer = setInterval(ask, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
