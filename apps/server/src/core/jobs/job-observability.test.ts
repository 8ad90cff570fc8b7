import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '#core/db/database.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { metricsRegistry } from '#core/operations/metrics.ts';
import { metricValue } from '#core/operations/metrics-text.test-support.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { defineJob } from './job-definition.ts';
import { JobQueue } from './job-queue.ts';
import type { JobLog } from './job-worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

describeEachDatabase('what a job tells operators', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const handlerLines: Record<string, unknown>[] = [];
  const queueLines: { level: string; details: Record<string, unknown>; msg: string }[] = [];
  const retry = { limit: 0, delaySeconds: 0, backoff: false };
  const logs = defineJob({ name: 'test.observed-logs', payload: z.object({ fail: z.boolean() }), retry });
  // No handler anywhere: its jobs stay queued.
  const waits = defineJob({ name: 'test.observed-waits', payload: z.object({}), retry });
  let jobs: JobQueue<typeof logs | typeof waits>;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'bare'));
    const queueLog: JobLog = {
      info: (details, msg) => void queueLines.push({ level: 'info', details, msg }),
      warn: (details, msg) => void queueLines.push({ level: 'warn', details, msg }),
      error: (details, msg) => void queueLines.push({ level: 'error', details, msg }),
    };
    jobs = new JobQueue<typeof logs | typeof waits>(database, [logs, waits], {
      work: true,
      pollingSeconds: 0.5,
      log: queueLog,
    });
    // A service's logger, made once at start as the modules make theirs.
    const service = createLogger('info', { write: (line: string) => void handlerLines.push(JSON.parse(line)) });
    jobs.work(logs.name, async ({ fail }) => {
      await sleep(5);
      service.info({ fail }, 'working');
      if (fail) throw new Error('asked to fail');
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await drop?.();
  });

  const scrape = () => metricsRegistry.metrics();

  it('names the job on every line its work logs, and on the worker’s own lines', async () => {
    const before = await scrape();
    const done = await jobs.enqueue(logs.name, { fail: false });
    const failed = await jobs.enqueue(logs.name, { fail: true });
    await until(async () => handlerLines.length >= 2 && queueLines.some((line) => line.details.jobId === failed));
    const lines = handlerLines.map(({ jobId, job, fail }) => ({ jobId, job, fail: fail === true }));
    expect(lines.sort((a, b) => +a.fail - +b.fail)).toEqual([
      { jobId: done, job: logs.name, fail: false },
      { jobId: failed, job: logs.name, fail: true },
    ]);
    expect(queueLines.find((line) => line.details.jobId === failed)).toMatchObject({
      level: 'warn',
      details: { job: logs.name, err: 'asked to fail' },
      msg: 'job failed; no retries left',
    });

    const after = await until(async () => {
      const text = await scrape();
      return (metricValue(text, 'meshport_jobs_completed_total', { name: logs.name }) ?? 0) >= 1 && text;
    });
    const moved = (name: string) =>
      (metricValue(after, name, { name: logs.name }) ?? 0) - (metricValue(before, name, { name: logs.name }) ?? 0);
    expect(moved('meshport_jobs_completed_total')).toBe(1);
    expect(moved('meshport_jobs_failed_total')).toBe(1);
    expect(moved('meshport_job_duration_seconds_count')).toBe(2);
  });

  it('reports the jobs waiting per name, and how long the oldest has waited', async () => {
    await jobs.enqueue(waits.name, {});
    await jobs.enqueue(waits.name, {});
    await sleep(1_100);
    const counts = await jobs.counts();
    expect(counts.find((count) => count.name === waits.name)).toMatchObject({ queued: 2, active: 0 });
    const text = await scrape();
    expect(metricValue(text, 'meshport_jobs_queued', { name: waits.name })).toBe(2);
    expect(metricValue(text, 'meshport_jobs_active', { name: waits.name })).toBe(0);
    expect(metricValue(text, 'meshport_job_oldest_queued_age_seconds', { name: waits.name })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'meshport_jobs_queued', { name: logs.name })).toBe(0);
  });
});
