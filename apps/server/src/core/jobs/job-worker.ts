import type PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '#core/db/database-unavailable-error.ts';
import { withLogContext } from '#core/operations/log-context.ts';
import { jobDuration, jobsCompleted, jobsFailed } from '#core/operations/metrics.ts';
import { type AnyJob, DEFAULT_EXPIRE_SECONDS, type JobHandler, parsePayload } from './job-definition.ts';

export interface JobLog {
  info(details: Record<string, unknown>, msg: string): void;
  warn(details: Record<string, unknown>, msg: string): void;
  error(details: Record<string, unknown>, msg: string): void;
}

interface Running {
  id: string;
  controller: AbortController;
  /** Given back to the queue by `stop`: whatever the handler does next is not recorded. */
  released: boolean;
}

export interface JobWorkerOptions {
  pollingMs: number;
  concurrency: number;
  log: JobLog;
  /** Puts a running job back in the queue without counting the run (see JobQueue.release). */
  release: (name: string, id: string) => Promise<void>;
  /** Fails a running job's run for a retry now, counting it, whatever its retry delay (see JobQueue.retryNow). */
  retryNow: (name: string, id: string, message: string) => Promise<void>;
}

/** The longest wait between two tries to record an outcome while the database is unavailable. */
const RECORD_RETRY_MAX_MS = 5_000;

class JobTimeoutError extends Error {}

/**
 * Works one job name: `concurrency` loops each fetch one job (pg-boss: `FOR UPDATE SKIP
 * LOCKED`, so workers of every process share the queue without taking the same job), run
 * it, and record the outcome. pg-boss's own `work()` does the same but does not await its
 * `complete`/`fail` statements; here each is awaited and its failure logged, so stopping can
 * close the connection after them and an error never goes unhandled.
 */
export class JobWorker {
  private stopping = false;
  private readonly running = new Set<Running>();
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: AnyJob,
    private readonly handler: JobHandler,
    private readonly options: JobWorkerOptions,
  ) {}

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  /**
   * Fetches no more jobs; waits up to `timeoutMs` for the running ones to finish, then releases
   * those still running (their handlers' signals abort) so another worker takes them.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    for (const wake of this.wakers) wake();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.all(this.loops), timedOut]);
    clearTimeout(timer);
    for (const run of this.running) {
      run.released = true;
      run.controller.abort(new Error('The worker stopped before the job finished'));
      try {
        await this.options.release(this.definition.name, run.id);
        this.options.log.warn({ job: this.definition.name, jobId: run.id }, 'job released: the worker is stopping');
      } catch (error) {
        this.options.log.error({ job: this.definition.name, jobId: run.id, err: describe(error) }, 'job not released');
      }
    }
  }

  private async loop(): Promise<void> {
    const { name } = this.definition;
    while (!this.stopping) {
      let job: PgBoss.JobWithMetadata | undefined;
      try {
        [job] = await this.boss.fetch(name, { includeMetadata: true, batchSize: 1 });
      } catch (error) {
        this.options.log.error({ job: name, err: describe(error) }, 'fetching a job failed');
      }
      if (job && !this.stopping) await this.run(job);
      else if (!this.stopping) await this.pause();
    }
  }

  /** Waits `ms` (a poll interval by default), or less when `stop` is called. */
  private pause(ms = this.options.pollingMs): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private async run(job: PgBoss.JobWithMetadata): Promise<void> {
    const { name } = this.definition;
    const run: Running = { id: job.id, controller: new AbortController(), released: false };
    const attempt = job.retryCount + 1;
    const expireMs = (Number(job.expireInSeconds) || DEFAULT_EXPIRE_SECONDS) * 1000;
    let timer: NodeJS.Timeout | undefined;
    this.running.add(run);
    let outcome: { output: unknown } | { error: unknown };
    const started = performance.now();
    try {
      const payload = parsePayload(this.definition, job.data);
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new JobTimeoutError(`The job ran longer than ${expireMs / 1000}s`)), expireMs);
      });
      const { signal } = run.controller;
      // Released by `stop`: the loop goes on at once, whatever the handler does with the signal.
      const released = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      const context = { id: job.id, name, attempt, signal };
      // Every line the handler's work logs (through a logger of `createLogger`) names the job.
      const handled = withLogContext({ jobId: job.id, job: name }, () => this.handler(payload, context));
      outcome = { output: await Promise.race([handled, expired, released]) };
    } catch (error) {
      outcome = { error };
      if (!run.controller.signal.aborted) run.controller.abort(error);
    } finally {
      clearTimeout(timer);
      this.running.delete(run);
    }
    if (run.released) return;
    jobDuration.observe({ name }, (performance.now() - started) / 1000);
    ('output' in outcome ? jobsCompleted : jobsFailed).inc({ name });
    const retries = attempt <= job.retryLimit;
    const record =
      'output' in outcome
        ? () => this.boss.complete(name, job.id, asOutput(outcome.output))
        : isDatabaseUnavailable(outcome.error) && retries
          ? // The database's failure, not the job's: run it again as soon as it is back, not after the retry delay.
            () => this.options.retryNow(name, job.id, describe(outcome.error))
          : () => this.boss.fail(name, job.id, { message: describe(outcome.error) });
    if ('error' in outcome) {
      this.options.log.warn(
        { job: name, jobId: job.id, attempt, err: describe(outcome.error) },
        retries ? 'job failed; it will be retried' : 'job failed; no retries left',
      );
    }
    await this.recordOutcome(job.id, record);
  }

  /**
   * While the database is unavailable, tries again (with back-off, until it answers or the worker
   * stops): left active, the job would wait for its expiry (up to its `expireInSeconds`) to run again.
   */
  private async recordOutcome(id: string, record: () => Promise<unknown>): Promise<void> {
    const { name } = this.definition;
    for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, RECORD_RETRY_MAX_MS)) {
      try {
        await record();
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || this.stopping) {
          // The job stays active: pg-boss fails it when it expires, and it is retried then.
          this.options.log.error(
            { job: name, jobId: id, err: describe(error) },
            'recording the outcome of a job failed',
          );
          return;
        }
        if (waitMs === 250) {
          this.options.log.warn(
            { job: name, jobId: id, err: describe(error) },
            'the database is unavailable: the outcome of a job is recorded once it is back',
          );
        }
        await this.pause(waitMs);
      }
    }
  }
}

/** pg-boss keeps an object as the job's output; anything else is wrapped. */
function asOutput(value: unknown): object | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' && !Array.isArray(value) ? value : { value };
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
