import { z } from 'zod';
import type { CoreServices } from '#core/core-services.ts';
import { defineJob } from '#core/jobs/job-definition.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { ActiveRuns } from './active-runs.ts';
import type { ProcessingEngines } from './processing-engines.ts';
import { ProcessingPublisher } from './processing-publisher.ts';
import type { ProcessingSubjects } from './processing-subject.ts';
import { runProcessing } from './run-processing.ts';

const RETRY = { limit: 2, delaySeconds: 5, backoff: true };

/**
 * One run of the pipeline on one record. `run` is the record's run number when it was
 * queued: a later cancel, reprocess or new file makes this job's writes refused.
 */
export const processingRunPayload = z.object({
  kind: z.enum(['project_model', 'library_item']),
  companyId: z.number().int().positive(),
  id: z.number().int().positive(),
  run: z.number().int().positive(),
});
export type ProcessingRunPayload = z.infer<typeof processingRunPayload>;

export const PROCESSING_RUN_JOB = 'processing.run';

/**
 * The job, its runs noticed as dead this long after they started: the converter's own time
 * limit plus the store and preview steps (a 5 GB original takes a while to copy).
 */
export const processingRunJob = (converterTimeoutMs: number) =>
  defineJob({
    name: PROCESSING_RUN_JOB,
    payload: processingRunPayload,
    retry: RETRY,
    expireInSeconds: Math.ceil(converterTimeoutMs / 1000) + 600,
  });

export interface ProcessingModuleServices extends CoreServices {
  processing: ProcessingEngines;
  activeRuns: ActiveRuns;
  processingSubjects: ProcessingSubjects;
}

/** Adds the pipeline's job and handler to the queue (`app/services.ts`). One run at a time per process. */
export function processingJobs(services: ProcessingModuleServices): void {
  services.jobs.define(processingRunJob(services.config.converter.timeoutMs));
  const publisher = new ProcessingPublisher(services.realtime);
  const log = createLogger(services.config.logLevel).child({ module: 'processing' });
  services.jobs.work(PROCESSING_RUN_JOB, async (payload, context) => {
    const { kind, companyId, id, run } = processingRunPayload.parse(payload);
    const outcome = await runProcessing(
      {
        database: services.database,
        storage: services.storage,
        publisher,
        converter: services.processing.converter,
        previews: services.processing.previews,
        activeRuns: services.activeRuns,
        retryLimit: RETRY.limit,
        log,
      },
      { subject: services.processingSubjects.get(kind), companyId, id, run },
      context,
    );
    return { outcome };
  });
}

export { ActiveRuns };
