import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobHandler } from './job-definition.ts';
import { type JobLog, JobWorker } from './job-worker.ts';

const job = defineJob({
  name: 'test.unavailable',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
});

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** pg-boss as the worker calls it: one job to fetch, then none; `complete` and `fail` recorded. */
function fakeBoss(completeFailures: number) {
  const calls: string[] = [];
  let fetched = false;
  let failuresLeft = completeFailures;
  const boss = {
    async fetch() {
      if (fetched) return [];
      fetched = true;
      return [{ id: 'job-1', name: job.name, data: {}, retryCount: 0, retryLimit: 2, expireInSeconds: 60 }];
    },
    async complete() {
      calls.push('complete');
      if (failuresLeft-- > 0) throw refused();
    },
    async fail() {
      calls.push('fail');
    },
  };
  return { boss: boss as unknown as PgBoss, calls };
}

function worker(boss: PgBoss, handler: JobHandler, calls: string[]) {
  const logged: string[] = [];
  const log: JobLog = {
    info: (_, msg) => logged.push(msg),
    warn: (_, msg) => logged.push(msg),
    error: (_, msg) => logged.push(msg),
  };
  const instance = new JobWorker(boss, job, handler, {
    pollingMs: 20,
    concurrency: 1,
    log,
    release: async () => {
      calls.push('release');
    },
    retryNow: async () => {
      calls.push('retryNow');
    },
  });
  return { instance, logged };
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a job worker while the database is unavailable', () => {
  it('records a finished job once the database answers again, instead of leaving it active until it expires', async () => {
    const { boss, calls } = fakeBoss(2);
    const { instance, logged } = worker(boss, async () => ({ done: true }), calls);
    instance.start();
    await until(() => calls.length === 3);
    await instance.stop(1_000);
    expect(calls).toEqual(['complete', 'complete', 'complete']);
    expect(logged).toEqual(['the database is unavailable: the outcome of a job is recorded once it is back']);
  });

  it('puts a run that the database cut short back for a retry at once, not after the retry delay', async () => {
    const { boss, calls } = fakeBoss(0);
    const cut = new Error('Failed query: delete …', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });
    const { instance } = worker(
      boss,
      async () => {
        throw cut;
      },
      calls,
    );
    instance.start();
    await until(() => calls.length === 1);
    await instance.stop(1_000);
    expect(calls).toEqual(['retryNow']);
  });

  it('fails a run that went wrong for another reason as before (the retry delay applies)', async () => {
    const { boss, calls } = fakeBoss(0);
    const { instance } = worker(
      boss,
      async () => {
        throw new Error('the file is broken');
      },
      calls,
    );
    instance.start();
    await until(() => calls.length === 1);
    await instance.stop(1_000);
    expect(calls).toEqual(['fail']);
  });
});
