import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type Database, queryRows } from '#core/db/database.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { type AnyJob, defineJob, JobDefinitionError, JobPayloadError } from './job-definition.ts';
import { JobQueue, type JobState } from './job-queue.ts';
import { toDrizzleSql } from './job-sql.ts';

const POLLING_SECONDS = 0.5;
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

const note = z.object({ note: z.string().min(1), count: z.number().int().optional() });

describeEachDatabase('the job queue', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  let names = 0;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'bare'));
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await drop();
  });

  /** A job of its own per test, so that tests sharing the database never share a queue. */
  const job = (retry = { limit: 0, delaySeconds: 0, backoff: false }) =>
    defineJob({ name: `test.job-${++names}`, payload: note, retry, expireInSeconds: 30 });

  const queue = (definitions: AnyJob[], stopTimeoutMs = 5_000) => {
    const created = new JobQueue(database, definitions, { work: true, pollingSeconds: POLLING_SECONDS, stopTimeoutMs });
    queues.push(created);
    return created;
  };

  const state = (jobs: JobQueue, name: string, id: string, wanted: JobState['state']) =>
    until(async () => {
      const found = await jobs.get(name, id);
      return found?.state === wanted && found;
    });

  it('refuses a payload its schema does not accept, naming the field, and adds no job', async () => {
    const definition = job();
    const jobs = queue([definition]);
    await jobs.start();
    await expect(jobs.enqueue(definition.name, { note: '' })).rejects.toThrow(JobPayloadError);
    await expect(jobs.enqueue(definition.name, { count: 'three' })).rejects.toThrow(
      /Job "test\.job-\d+": payload refused by its schema:\n {2}note: .*\n {2}count: /,
    );
    await expect(
      database.tenant({ companyId: 1 }, (tx) => jobs.enqueueAfterCommit(tx, definition.name, { nope: true })),
    ).rejects.toThrow(JobPayloadError);
    await expect(jobs.enqueue('test.unknown', { note: 'x' })).rejects.toThrow(JobDefinitionError);
    const [row] = await queryRows<{ count: number }>(
      database.system,
      sql`select count(*)::int as count from pgboss.job where name = ${definition.name}`,
    );
    expect(row?.count).toBe(0);
  });

  it('runs a job asked for in a committed transaction once, after the commit; never one whose transaction rolled back', async () => {
    const definition = job();
    const jobs = queue([definition]);
    const runs: string[] = [];
    jobs.work(definition.name, async (payload) => {
      // The open registry (names known at run time only) leaves payloads unknown: see the typing test below.
      const { note } = payload as z.output<typeof definition.payload>;
      runs.push(note);
      return { ran: note };
    });
    await jobs.start();

    let rolledBackId = '';
    await expect(
      database.tenant({ companyId: 1, accountId: 1 }, async (tx) => {
        rolledBackId = await jobs.enqueueAfterCommit(tx, definition.name, { note: 'rolled back' });
        throw new Error('the request failed after asking for the job');
      }),
    ).rejects.toThrow(/the request failed/);

    const committedId = await database.tenant({ companyId: 1, accountId: 1 }, async (tx) => {
      const id = await jobs.enqueueAfterCommit(tx, definition.name, { note: 'committed' });
      // Several polling rounds while the transaction is still open: no worker sees the job yet.
      await sleep(POLLING_SECONDS * 1000 * 3);
      expect(runs).toEqual([]);
      return id;
    });
    const done = await state(jobs, definition.name, committedId, 'completed');
    expect(done.output).toEqual({ ran: 'committed' });
    await sleep(POLLING_SECONDS * 1000 * 3);
    expect(runs).toEqual(['committed']);
    expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobs.get(definition.name, rolledBackId)).toBeNull();
  });

  it('retries a failing job with exponential back-off, then fails it for good', async () => {
    const definition = job({ limit: 2, delaySeconds: 1, backoff: true });
    const jobs = queue([definition]);
    const attempts: { attempt: number; at: number }[] = [];
    jobs.work(definition.name, async (_payload, context) => {
      attempts.push({ attempt: context.attempt, at: Date.now() });
      throw new Error(`attempt ${context.attempt} failed`);
    });
    await jobs.start();
    const id = await jobs.enqueue(definition.name, { note: 'flaky' });
    const failed = await state(jobs, definition.name, id, 'failed');
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(failed.retryCount).toBe(2);
    expect(failed.output).toMatchObject({ message: 'attempt 3 failed' });
    // pg-boss waits delay × 2^(n-1) × (1 + jitter in [0, 1)) before retry n; a worker notices
    // within a polling interval: [1 s, 2 s) then [2 s, 4 s), plus up to 0.5 s.
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    const slack = POLLING_SECONDS * 1000 + 400;
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(second - first).toBeLessThan(2_000 + slack);
    expect(third - second).toBeGreaterThanOrEqual(1_950);
    expect(third - second).toBeLessThan(4_000 + slack);
  });

  it('on stop, lets a running job finish', async () => {
    const definition = job();
    const jobs = queue([definition]);
    let started = false;
    jobs.work(definition.name, async () => {
      started = true;
      await sleep(800);
      return { finished: true };
    });
    await jobs.start();
    const id = await jobs.enqueue(definition.name, { note: 'slow' });
    await until(async () => started);
    await jobs.stop();
    const checker = queue([definition]);
    await checker.start();
    expect(await checker.get(definition.name, id)).toMatchObject({ state: 'completed', output: { finished: true } });
    await expect(jobs.enqueue(definition.name, { note: 'late' })).rejects.toThrow(/not started/);
  });

  it('on stop, releases a job that runs past the stop timeout, for another worker, without counting the run', async () => {
    const definition = job({ limit: 0, delaySeconds: 0, backoff: false });
    const first = queue([definition], 300);
    let aborted = false;
    let started = false;
    first.work(definition.name, async (_payload, { signal }) => {
      started = true;
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      aborted = true;
    });
    await first.start();
    const id = await first.enqueue(definition.name, { note: 'long' });
    await until(async () => started);
    await first.stop();
    expect(aborted).toBe(true);
    const second = queue([definition]);
    const attempts: number[] = [];
    second.work(definition.name, async (_payload, { attempt }) => {
      attempts.push(attempt);
    });
    await second.start();
    // With no retries left, a counted run would have failed the job for good.
    await state(second, definition.name, id, 'completed');
    expect(attempts).toEqual([1]);
  });
});

it('turns pg-boss statements into Drizzle queries with the same values', () => {
  const query = toDrizzleSql('select $2::int as b, $1 as a, $2 as again', ['x', 7]);
  const built = new PgDialect().sqlToQuery(query);
  expect(built.sql).toBe('select $1::int as b, $2 as a, $3 as again');
  expect(built.params).toEqual([7, 'x', 7]);
  expect(() => toDrizzleSql('select $3', [1])).toThrow(/No value for \$3/);
});

it('checks a job definition when it is made', () => {
  expect(() =>
    defineJob({ name: 'Bad Name', payload: note, retry: { limit: 1, delaySeconds: 0, backoff: true } }),
  ).toThrow(/name: .*\n {2}retry\.delaySeconds: a whole number >= 1/);
});

it('types names and payloads when the composition root knows its jobs', () => {
  const processModel = defineJob({
    name: 'models.process',
    payload: z.object({ modelId: z.number().int() }),
    retry: { limit: 3, delaySeconds: 5, backoff: true },
  });
  const typed = new JobQueue<typeof processModel>({} as Database, [processModel], { work: false });
  expectTypeOf(typed.enqueue<'models.process'>)
    .parameter(1)
    .toEqualTypeOf<{ modelId: number }>();
  typed.work('models.process', async (payload) => expectTypeOf(payload).toEqualTypeOf<{ modelId: number }>());
  // @ts-expect-error a name the registry does not have
  void (() => typed.enqueue('models.unknown', { modelId: 1 }));
  // @ts-expect-error a payload of the wrong shape
  void (() => typed.enqueue('models.process', { modelId: '1' }));
});
