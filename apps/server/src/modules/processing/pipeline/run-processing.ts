import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CodedText, codedText, type ProcessingStep } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import type { JobContext } from '#core/jobs/job-definition.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { ConversionError } from '#modules/processing/conversion/conversion-types.ts';
import type { Converter } from '#modules/processing/conversion/converter.ts';
import type { PreviewRenderer } from '#modules/processing/preview/preview-renderer.ts';
import type { ActiveRuns } from './active-runs.ts';
import { convertStep } from './convert.step.ts';
import { finishStep, recordFigures } from './finish.step.ts';
import { pipelineStepDuration, pipelineStepFailures } from './pipeline-metrics.ts';
import { previewStep } from './preview.step.ts';
import type { ProcessingPublisher } from './processing-publisher.ts';
import {
  beginRun,
  failRun,
  finishRun,
  type RecordSnapshot,
  type RunRef,
  recordSnapshot,
  stepEvent,
} from './processing-state.ts';
import { storageFolder } from './processing-subject.ts';
import { storeStep } from './store.step.ts';

export interface PipelineDeps {
  database: Database;
  storage: FileStorage;
  publisher: ProcessingPublisher;
  converter: () => Converter;
  previews: () => PreviewRenderer;
  activeRuns: ActiveRuns;
  /** Retries after the first run (the job's policy): the last attempt fails the record for good. */
  retryLimit: number;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
}

/** A write of this run was refused: it was cancelled, reprocessed or given a new file meanwhile. */
class RunSuperseded extends Error {}

export type RunOutcome = 'finished' | 'failed' | 'superseded';

/**
 * One run of the pipeline (design: named steps, each writing an event with a human message): store
 * → inspect → convert → optimise → preview → finish. Every step writes a geometry event guarded by
 * the run's number and tells the browser. A file the converter refuses fails the record at once;
 * anything else (the database, the browser, a crash) is retried by the job queue, and fails the
 * record on the last attempt.
 */
export async function runProcessing(deps: PipelineDeps, ref: RunRef, context: JobContext): Promise<RunOutcome> {
  const { database, publisher, subject } = { ...deps, subject: ref.subject };
  const tenant = <T>(work: (tx: Db) => Promise<T>) => database.tenant({ companyId: ref.companyId }, work);
  const announce = (record: RecordSnapshot, refresh = false) => {
    publisher.updated(ref.companyId, subject, record);
    if (refresh) publisher.refresh(ref.companyId, subject, ref.id);
  };
  const write = async (apply: (tx: Db) => Promise<boolean>, refresh = false) => {
    const record = await tenant(async (tx) => ((await apply(tx)) ? recordSnapshot(tx, subject, ref.id) : null));
    if (!record) throw new RunSuperseded();
    announce(record, refresh);
  };
  // Events of the converter's steps arrive while it works: written one after another, in order.
  let pendingEvents: Promise<void> = Promise.resolve();
  const event = (step: ProcessingStep, { message, coded }: CodedText) => {
    pendingEvents = pendingEvents.then(() => write((tx) => stepEvent(tx, ref, step, message, coded)));
    return pendingEvents;
  };

  const startText =
    context.attempt > 1
      ? codedText('startedAttempt', { attemptNumber: String(context.attempt) })
      : codedText('started');
  const begun = await tenant(async (tx) => {
    const input = await beginRun(tx, ref, startText.message);
    if (input === 'no-file') await failRun(tx, ref, 'store', codedText('noUploadedFile').message);
    return typeof input === 'string' ? input : { input, record: await recordSnapshot(tx, subject, ref.id) };
  });
  if (begun === 'superseded') return 'superseded';
  if (begun === 'no-file') {
    announce(await tenant((tx) => recordSnapshot(tx, subject, ref.id)), true);
    return 'failed';
  }
  announce(begun.record, true);

  const controller = deps.activeRuns.start(subject.kind, ref.companyId, ref.id, context.signal);
  const workDir = await mkdtemp(path.join(tmpdir(), 'meshport-run-'));
  const stepsMs: Record<string, number> = {};
  let step: ProcessingStep = 'store';
  try {
    let started = performance.now();
    const stored = await storeStep(
      deps.storage,
      { key: begun.input.originalKey, name: begun.input.originalName },
      workDir,
    );
    stepsMs.store = timed('store', started);
    await event('store', stored.message);

    step = 'inspect';
    const converted = await convertStep(
      deps.converter(),
      { localPath: stored.localPath, fileName: begun.input.originalName, workDir, placement: begun.input.placement },
      (reported, message, ms) => {
        pipelineStepDuration.observe({ step: reported }, ms / 1000);
        step = reported;
        event(reported, message).catch(() => controller.abort(new RunSuperseded()));
      },
      controller.signal,
    );
    await pendingEvents;

    step = 'preview';
    started = performance.now();
    const glb = await readFile(converted.glbPath);
    const preview = await previewStep(deps.previews(), glb, converted.result.figures, deps.log);
    stepsMs.preview = timed('preview', started);
    await event('preview', preview.message);

    step = 'finish';
    started = performance.now();
    const figures = recordFigures(converted.result, {
      originalBytes: stored.bytes,
      stepsMs,
      warnings: preview.image ? [] : [preview.message.message],
    });
    const folder = storageFolder(subject, ref.companyId, ref.id);
    const litePath = converted.result.lite?.path ?? null;
    const outputs = await finishStep(deps.storage, folder, converted.glbPath, preview.image, figures, litePath);
    figures.steps_ms.finish = timed('finish', started);
    let replaced: string[] = [];
    try {
      await write(async (tx) => {
        replaced = await previousOutputs(tx, ref);
        return finishRun(tx, ref, outputs, outputs.message.message, outputs.message.coded);
      }, true);
    } catch (error) {
      await removeKeys(deps.storage, [outputs.glbKey, outputs.liteGlbKey, outputs.previewKey]);
      throw error;
    }
    await removeKeys(deps.storage, replaced);
    return 'finished';
  } catch (error) {
    await pendingEvents.catch(() => {});
    if (error instanceof RunSuperseded || controller.signal.reason instanceof RunSuperseded) return 'superseded';
    // The worker is stopping (or the run expired): the queue hands the job on; the record stays as it is.
    if (context.signal.aborted) throw error;
    if (controller.signal.aborted) return 'superseded';
    const userMessage = failureMessage(error);
    const failedStep = error instanceof ConversionError ? error.step : step;
    const retrying = userMessage === null && context.attempt <= deps.retryLimit;
    pipelineStepFailures.inc({ step: failedStep, reason: userMessage === null ? 'error' : 'file' });
    // The one line of this failure: the record, the step, the cause with its stack. A file the
    // converter refused is the uploader's to fix (they are told why): a warning, not an error.
    const details = {
      kind: subject.kind,
      id: ref.id,
      companyId: ref.companyId,
      step: failedStep,
      attempt: context.attempt,
      retrying,
      err: error,
    };
    if (userMessage !== null) deps.log.warn(details, 'processing step failed: the file was refused');
    else
      deps.log.error(
        details,
        retrying ? 'processing step failed; the run is retried' : 'processing step failed; no retries left',
      );
    if (retrying) throw error;
    // What went wrong inside the server (a path, a driver's words) is for the log, not for the uploader.
    const message =
      userMessage ??
      codedText('failedAfterAttempts', { step: failedStep, attemptsNumber: String(context.attempt) }).message;
    const coded = userMessage !== null && error instanceof ConversionError ? error.coded : null;
    await write((tx) => failRun(tx, ref, failedStep, message, coded), true).catch(() => {});
    return 'failed';
  } finally {
    deps.activeRuns.end(subject.kind, ref.companyId, ref.id, controller);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A message for the person who uploaded: set for what the file itself caused; null to retry. */
function failureMessage(error: unknown): string | null {
  if (error instanceof ConversionError) return error.message;
  return null;
}

/** The step's time in whole milliseconds (the record's figures), into its histogram in seconds. */
function timed(step: ProcessingStep, started: number): number {
  const ms = performance.now() - started;
  pipelineStepDuration.observe({ step }, ms / 1000);
  return Math.round(ms);
}

/** The GLB, its light version and the preview a finished run replaces (removed once the new ones are in). */
async function previousOutputs(tx: Db, ref: RunRef): Promise<string[]> {
  const [row] = await queryRows<{
    glb_key: string | null;
    lite_glb_key: string | null;
    preview_image_path: string | null;
  }>(
    tx,
    sql`select glb_key, lite_glb_key, preview_image_path from ${sql.raw(ref.subject.table)}
      where id = ${ref.id} for update`,
  );
  return [row?.glb_key, row?.lite_glb_key, row?.preview_image_path].filter((key): key is string => !!key);
}

async function removeKeys(storage: FileStorage, keys: (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await storage.remove(key).catch(() => {});
}
