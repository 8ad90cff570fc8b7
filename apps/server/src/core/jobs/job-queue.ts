import pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { guardConnectionLoss } from '#core/db/connection-loss-guard.ts';
import { APP_ROLE, type Database, type Db } from '#core/db/database.ts';
import {
  dbPoolConnections,
  jobOldestQueuedAge,
  jobsActive,
  jobsQueued,
  poolSamples,
  sharedReading,
} from '#core/operations/metrics.ts';
import {
  type AnyJob,
  DEFAULT_EXPIRE_SECONDS,
  type JobContext,
  JobDefinitionError,
  type JobHandler,
  JobRegistry,
  parsePayload,
} from './job-definition.ts';
import {
  drizzleExecutor,
  type JobCounts,
  pgliteExecutor,
  poolExecutor,
  readJobCounts,
  type SqlExecutor,
  tracked,
} from './job-sql.ts';
import { describe, type JobLog, JobWorker } from './job-worker.ts';

/** pg-boss's schema in the application's database. */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  /** Whether this process runs handlers and pg-boss's maintenance (roles `worker` and `all`). */
  work: boolean;
  /** PostgreSQL server: pg-boss's own pool connects here (default: where the application's pool does). */
  connectionString?: string;
  /** Connections of pg-boss's own pool (PostgreSQL server). */
  poolSize?: number;
  /** How often an idle worker looks for a job. At least 0.5. */
  pollingSeconds?: number;
  /** How often expired runs (a worker died, a handler hung) are failed for a retry, and old jobs archived. */
  maintenanceSeconds?: number;
  /** How long `stop` waits for running jobs before releasing them to another worker. */
  stopTimeoutMs?: number;
  log?: JobLog;
}

export interface JobState {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  /** Runs so far that did not succeed and were retried. */
  retryCount: number;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
}

/** The payload schema of job `N`; any payload (checked at run time) when `J` is the open registry. */
type PayloadOf<J extends AnyJob, N extends string> = string extends J['name']
  ? z.ZodType
  : Extract<J, { name: N }>['payload'];

/**
 * Processes starting together (the workers of one server) create the same queues at once,
 * and pg-boss's `create_queue` can deadlock against itself on a fresh database: PostgreSQL
 * picks one side to fail, which only has to try again.
 */
async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Jobs in PostgreSQL through pg-boss (no extra service, transactional with the data), on the
 * PostgreSQL server and on PGlite alike. Inert until `start`: creating one opens nothing. `J`
 * narrows the names and payloads when the composition root knows them; by default every name is
 * checked at run time by the registry.
 */
export class JobQueue<J extends AnyJob = AnyJob> {
  readonly registry: JobRegistry;
  private readonly handlers = new Map<string, { handler: JobHandler; concurrency: number }>();
  private readonly workers: JobWorker[] = [];
  private readonly log: JobLog;
  private boss: PgBoss | null = null;
  private executor: (SqlExecutor & { settled(): Promise<void> }) | null = null;
  private pool: pg.Pool | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private readonly unobserve: (() => void)[] = [];

  constructor(
    private readonly database: Database,
    definitions: Iterable<AnyJob>,
    private readonly options: JobQueueOptions,
  ) {
    this.registry = new JobRegistry(definitions);
    this.log = options.log ?? silent;
  }

  /** Adds definitions (a module, at composition); before `start`. */
  define(...definitions: AnyJob[]): void {
    if (this.starting) throw new JobDefinitionError('Jobs are defined before the queue starts');
    for (const definition of definitions) this.registry.add(definition);
  }

  /** The handler of a defined job, run where this process works jobs (ignored in the `api` role). */
  work<N extends J['name']>(
    name: N,
    handler: (payload: z.output<PayloadOf<J, N>>, context: JobContext) => Promise<unknown>,
    options: { concurrency?: number } = {},
  ): void {
    if (this.starting) throw new JobDefinitionError('Handlers are registered before the queue starts');
    this.registry.get(name);
    if (this.handlers.has(name)) throw new JobDefinitionError(`Job "${name}" has a handler already`);
    this.handlers.set(name, { handler: handler as JobHandler, concurrency: options.concurrency ?? 1 });
  }

  /** Installs or upgrades pg-boss's schema, creates a queue per job, and starts the workers (roles `worker`, `all`). */
  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  private async open(): Promise<void> {
    const { options, database } = this;
    let executor: SqlExecutor;
    if (database.kind === 'postgres') {
      // Its own pool, to the database the application's pool reaches unless told otherwise.
      const appPool = database.driver.kind === 'postgres' ? database.driver.pool : null;
      const connectionString = options.connectionString ?? appPool?.options.connectionString;
      if (!connectionString) throw new Error('The job queue on a PostgreSQL server needs its connection string');
      this.pool = new pg.Pool({ connectionString, max: options.poolSize ?? 4 });
      this.pool.on('error', (error) => this.log.warn({ err: error.message }, 'idle job connection lost'));
      guardConnectionLoss(this.pool, {
        onLost: (error) => this.log.warn({ err: error.message }, 'job connection lost during use'),
      });
      const pool = this.pool;
      this.unobserve.push(
        dbPoolConnections.observe(() =>
          poolSamples('jobs', pool.totalCount - pool.idleCount, pool.idleCount, pool.waitingCount),
        ),
      );
      executor = poolExecutor(this.pool);
    } else {
      executor = pgliteExecutor(database);
    }
    this.executor = tracked(executor);
    const boss = new PgBoss({
      db: this.executor as PgBoss.Db,
      schema: JOB_SCHEMA,
      // Maintenance (expiring the runs of dead workers, archiving) where jobs are worked; no cron.
      supervise: options.work,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
    });
    boss.on('error', (error: Error) => this.log.error({ err: describe(error) }, 'job queue error'));
    this.boss = boss;
    await boss.start();
    await this.grantEnqueue();
    if (database.kind === 'pglite' && options.work) await this.releaseOrphans();
    for (const definition of this.registry.all()) {
      await retryOnDeadlock(() =>
        boss.createQueue(definition.name, { name: definition.name, ...sendOptions(definition) }),
      );
    }
    if (!options.work) return;
    this.observeQueues();
    for (const definition of this.registry.all()) {
      const registered = this.handlers.get(definition.name);
      const handler = registered?.handler ?? (definition.handler as JobHandler | undefined);
      if (!handler) continue;
      const worker = new JobWorker(boss, definition, handler, {
        pollingMs: Math.max(500, (options.pollingSeconds ?? 2) * 1000),
        concurrency: registered?.concurrency ?? 1,
        log: this.log,
        release: (name, id) => this.release(name, id),
        retryNow: (name, id, message) => this.retryNow(name, id, message),
      });
      worker.start();
      this.workers.push(worker);
    }
  }

  /**
   * The application role may add jobs (the only thing it may do in pg-boss's schema), so that a
   * job can be asked for inside a tenant transaction. Under a lock: concurrent GRANTs of
   * processes starting together would fail with "tuple concurrently updated".
   */
  private async grantEnqueue(): Promise<void> {
    await this.sql(`BEGIN;
      SELECT pg_advisory_xact_lock(hashtext('meshport.jobs.grants'));
      GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE};
      GRANT SELECT (name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter)
        ON ${JOB_SCHEMA}.queue TO ${APP_ROLE};
      GRANT INSERT, SELECT (id) ON ${JOB_SCHEMA}.job TO ${APP_ROLE};
      COMMIT;`);
  }

  /**
   * Asks for a job as part of `tx`'s work: the payload is checked now (a bad one throws
   * `JobPayloadError`, and nothing is added), and the job row is written by `tx`'s own
   * connection. It commits with the transaction's other writes, or rolls back with them; no
   * worker can see it before the commit. So the job runs only after the commit, and never for
   * a transaction that rolled back. Resolves to the job's id.
   */
  async enqueueAfterCommit<N extends J['name']>(tx: Db, name: N, payload: z.input<PayloadOf<J, N>>): Promise<string> {
    return this.send(name, payload, drizzleExecutor(tx));
  }

  /** Asks for a job on its own (no transaction to wait for). */
  async enqueue<N extends J['name']>(name: N, payload: z.input<PayloadOf<J, N>>): Promise<string> {
    return this.send(name, payload, null);
  }

  /**
   * Asks for a job unless one under `key` was asked for already in the current slot of
   * `seconds` (slots count from the epoch; pg-boss's throttling, by a unique index). Resolves
   * to the job's id, or null when the slot had one: how the processes that work jobs share a
   * periodic job without each running it.
   */
  async enqueueOncePer<N extends J['name']>(
    name: N,
    payload: z.input<PayloadOf<J, N>>,
    slot: { key: string; seconds: number },
  ): Promise<string | null> {
    return this.send(name, payload, null, slot);
  }

  private async send(name: string, payload: unknown, db: SqlExecutor | null): Promise<string>;
  private async send(
    name: string,
    payload: unknown,
    db: SqlExecutor | null,
    slot: { key: string; seconds: number },
  ): Promise<string | null>;
  private async send(
    name: string,
    payload: unknown,
    db: SqlExecutor | null,
    slot?: { key: string; seconds: number },
  ): Promise<string | null> {
    const definition = this.registry.get(name);
    const data = parsePayload(definition, payload);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new JobDefinitionError(`Job "${name}": a payload is a JSON object (its schema is z.object(…))`);
    }
    if (!this.starting) throw new Error('The job queue is not started (JobQueue.start)');
    await this.starting;
    const boss = this.started();
    const options: PgBoss.SendOptions = {
      ...sendOptions(definition),
      ...(db ? { db: db as PgBoss.Db } : {}),
      ...(slot ? { singletonKey: slot.key, singletonSeconds: slot.seconds } : {}),
    };
    const id = await boss.send(name, data, options);
    if (!id && slot) return null;
    if (!id) throw new Error(`Job "${name}" was not added: its queue does not exist`);
    return id;
  }

  /** Per job name: how many wait, how many run, how long the oldest has waited (operators). */
  async counts(): Promise<JobCounts[]> {
    if (!this.executor) throw new Error('The job queue is not started');
    return readJobCounts(
      this.executor,
      JOB_SCHEMA,
      this.registry.all().map((definition) => definition.name),
    );
  }

  /**
   * The queue gauges, read at each scrape where jobs are worked: every such process reads the
   * same tables, and a cluster's primary keeps the largest of their values, not their sum.
   */
  private observeQueues(): void {
    const reading = sharedReading(() => this.counts());
    const gauge = (pick: (counts: JobCounts) => number) => async () =>
      (await reading()).map((counts) => ({ labels: { name: counts.name }, value: pick(counts) }));
    this.unobserve.push(
      jobsQueued.observe(gauge((counts) => counts.queued)),
      jobsActive.observe(gauge((counts) => counts.active)),
      jobOldestQueuedAge.observe(gauge((counts) => counts.oldestQueuedSeconds)),
    );
  }

  /** A job's state, for tests and operators. */
  async get(name: string, id: string): Promise<JobState | null> {
    const job = await this.started().getJobById(name, id);
    return job ? { ...job, retryCount: Number(job.retryCount) } : null;
  }

  /**
   * Puts a running job back in the queue to run at once elsewhere, without counting this run
   * as a failed attempt (pg-boss's `fail` would, and would fail the job for good on its last
   * one). pg-boss 10 counts a retry when it fetches a job that had started; the count is
   * stepped back so the next run keeps this run's number. Only while the job is still active
   * here: one that expired meanwhile was failed for a retry already.
   */
  /**
   * The embedded database belongs to one process: a job still `active` when it opens was being
   * run by this process's predecessor, which died. Counted as a run, it is retried now (not after
   * its expiry), or failed when it has no retries left, so that a file that kills the process
   * cannot do it forever (pg-boss counts the dead run when it fetches the job again). On a PostgreSQL server, other processes may be running jobs: there the
   * expiry (`expireInSeconds`) finds the dead ones.
   */
  private async releaseOrphans(): Promise<void> {
    await this.sql(
      `UPDATE ${JOB_SCHEMA}.job SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry'::${JOB_SCHEMA}.job_state ELSE 'failed'::${JOB_SCHEMA}.job_state END,
         start_after = now(),
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = jsonb_build_object('message', 'The process running this job stopped')
       WHERE state = 'active'`,
    );
  }

  private async release(name: string, id: string): Promise<void> {
    await this.sql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', start_after = now(),
         started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
         retry_count = greatest(retry_count - 1, 0)
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [name, id],
    );
  }

  /**
   * Fails a running job's run for a retry at once, counting it (pg-boss counts it when it
   * fetches the job again), rather than after its retry delay: for a run that failed because the
   * database was unavailable, and which can run again now that it answers.
   */
  private async retryNow(name: string, id: string, message: string): Promise<void> {
    await this.sql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', start_after = now(), output = jsonb_build_object('message', $3::text)
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [name, id, message],
    );
  }

  private async sql(text: string, values?: unknown[]): Promise<void> {
    if (!this.executor) throw new Error('The job queue is not started');
    await this.executor.executeSql(text, values);
  }

  private started(): PgBoss {
    if (!this.boss || this.stopping) throw new Error('The job queue is not started (JobQueue.start)');
    return this.boss;
  }

  /**
   * Fetches no more jobs; lets running ones finish for up to `stopTimeoutMs`, then releases the
   * rest to other workers; waits for pg-boss's statements under way; closes its pool. The
   * database itself stays open (its owner closes it after).
   */
  stop(): Promise<void> {
    this.stopping ??= this.close();
    return this.stopping;
  }

  private async close(): Promise<void> {
    for (const unobserve of this.unobserve.splice(0)) unobserve();
    if (!this.starting) return;
    await this.starting.catch(() => {});
    const timeoutMs = this.options.stopTimeoutMs ?? 10_000;
    await Promise.all(this.workers.map((worker) => worker.stop(timeoutMs)));
    await this.boss?.stop({ graceful: false, close: false }).catch(() => {});
    await this.executor?.settled();
    await this.pool?.end();
  }
}

function sendOptions(definition: AnyJob) {
  return {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
  };
}
