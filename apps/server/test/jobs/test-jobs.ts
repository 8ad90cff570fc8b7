import { z } from 'zod';
import { defineJob } from '#core/jobs/job-definition.ts';

/**
 * A job for the multi-process tests only: it logs when it starts and when it ends, and with
 * `hangOnFirstAttempt` its first run hangs (so a test can kill the worker in the middle of it).
 * Never part of the application: `test-jobs.preload.ts` adds it to a server process.
 */
export const testRecordJob = defineJob({
  name: 'test.record',
  payload: z.object({ marker: z.string().min(1), hangOnFirstAttempt: z.boolean().default(false) }),
  retry: { limit: 3, delaySeconds: 0, backoff: false },
  expireInSeconds: 3,
});
