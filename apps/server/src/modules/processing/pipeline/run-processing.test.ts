import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '#core/db/database.ts';
import type { JobContext } from '#core/jobs/job-definition.ts';
import { metricsRegistry } from '#core/operations/metrics.ts';
import { metricValue } from '#core/operations/metrics-text.test-support.ts';
import { createStorage } from '#core/storage/create-storage.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { projectModelProcessing } from '#modules/content/project-models/project-model.processing-subject.ts';
import { ConversionError } from '#modules/processing/conversion/conversion-types.ts';
import type { Converter } from '#modules/processing/conversion/converter.ts';
import type { PreviewRenderer } from '#modules/processing/preview/preview-renderer.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { ActiveRuns } from './active-runs.ts';
import { ProcessingPublisher } from './processing-publisher.ts';
import { queueRun } from './processing-state.ts';
import { type PipelineDeps, runProcessing } from './run-processing.ts';

interface Line {
  level: 'warn' | 'error';
  details: Record<string, unknown>;
  msg: string;
}

const subject = projectModelProcessing;
/** The converter refuses every file at inspect, as it does a file that is no model. */
const refusing = {
  convert: async () => {
    throw new ConversionError('inspect', 'The file is not a 3D model.');
  },
} as unknown as Converter;

describeEachDatabase('a failing pipeline step, as operators see it', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: FileStorage;
  let model: { id: number; companyId: number };
  const lines: Line[] = [];

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'demo'));
    storage = createStorage({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-run-')), s3: null });
    const [row] = await queryRows<{ id: number; company_id: number }>(
      database.system,
      sql`select id, company_id from ${sql.raw(subject.table)} where deleted_at is null order by id limit 1`,
    );
    if (!row) throw new Error('the demo data has a model');
    model = { id: row.id, companyId: row.company_id };
  });
  afterAll(() => drop?.());

  /** A new run of the model on `originalKey`; resolves to its number. */
  const queued = async (originalKey: string) => {
    const run = await database.tenant({ companyId: model.companyId }, (tx) =>
      queueRun(tx, subject, model.id, 'Queued'),
    );
    await database.system.execute(
      sql`update ${sql.raw(subject.table)} set original_key = ${originalKey}, original_name = 'box.obj' where id = ${model.id}`,
    );
    return run;
  };
  const run = async (originalKey: string, attempt: number) => {
    lines.length = 0;
    const deps: PipelineDeps = {
      database,
      storage,
      publisher: new ProcessingPublisher({ emit: () => {} }),
      converter: () => refusing,
      previews: () => ({}) as PreviewRenderer,
      activeRuns: new ActiveRuns(),
      retryLimit: 2,
      log: {
        warn: (details, msg) => void lines.push({ level: 'warn', details: details as Line['details'], msg }),
        error: (details, msg) => void lines.push({ level: 'error', details: details as Line['details'], msg }),
      },
    };
    const context: JobContext = { id: 'job-1', name: 'processing.run', attempt, signal: new AbortController().signal };
    const ref = { subject, companyId: model.companyId, id: model.id, run: await queued(originalKey) };
    return runProcessing(deps, ref, context);
  };
  const counted = async (name: string, labels: Record<string, string>) =>
    metricValue(await metricsRegistry.metrics(), name, labels) ?? 0;

  it('logs the record, the step and the cause with its stack, once, at error level; counts the step and the storage error', async () => {
    const failures = () => counted('meshport_pipeline_step_failures_total', { step: 'store', reason: 'error' });
    const storageErrors = () =>
      counted('meshport_storage_errors_total', { operation: 'downloadTo', backend: 'folder' });
    const [failuresBefore, storageBefore] = [await failures(), await storageErrors()];

    await expect(run('companies/1/models/missing/box.obj', 1)).rejects.toThrow();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 'error',
      msg: 'processing step failed; the run is retried',
      details: {
        kind: 'project_model',
        id: model.id,
        companyId: model.companyId,
        step: 'store',
        attempt: 1,
        retrying: true,
      },
    });
    const cause = line?.details.err as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.stack).toContain('at ');

    // The last attempt: the record fails, still one line.
    expect(await run('companies/1/models/missing/box.obj', 3)).toBe('failed');
    expect(lines).toMatchObject([
      { level: 'error', msg: 'processing step failed; no retries left', details: { step: 'store', retrying: false } },
    ]);
    expect((await failures()) - failuresBefore).toBe(2);
    expect((await storageErrors()) - storageBefore).toBe(2);
  });

  it('a file the converter refuses: a warning naming the step, and the steps that ran are timed', async () => {
    const key = `companies/${model.companyId}/models/${model.id}/box.obj`;
    await storage.put(key, 'not a model');
    const storeTimes = () => counted('meshport_pipeline_step_duration_seconds_count', { step: 'store' });
    const refused = () => counted('meshport_pipeline_step_failures_total', { step: 'inspect', reason: 'file' });
    const [timesBefore, refusedBefore] = [await storeTimes(), await refused()];

    expect(await run(key, 1)).toBe('failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'processing step failed: the file was refused',
      details: { id: model.id, companyId: model.companyId, step: 'inspect', retrying: false },
    });
    expect(lines[0]?.details.err).toMatchObject({ message: 'The file is not a 3D model.' });
    expect((await storeTimes()) - timesBefore).toBe(1);
    expect((await refused()) - refusedBefore).toBe(1);
  });
});
