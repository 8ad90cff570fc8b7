import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AnswerTally } from './answer-tally.ts';

/**
 * Every metric of this process (decision 0054). The operator listener serves it; in a cluster
 * the primary serves the workers' registries added together (`cluster-metrics.ts`). One per
 * process, like the process it describes: a test reads how a value moved, not its total.
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

/** prom-client's `process_*` and `nodejs_*` metrics, from the first call on (idempotent). */
let processMetrics = false;
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Answers by route, method and status, and their times (`request-metrics.hooks.ts`). */
export const answers = new AnswerTally(metricsRegistry);

/** An unlabelled counter on a hot path: a plain number, handed to prom-client at a scrape (its `inc` costs ~1 µs). */
function hotCounter(name: string, help: string): { inc(): void } {
  let count = 0;
  new Counter({
    name,
    help,
    registers,
    collect() {
      this.reset();
      this.inc(count);
    },
  });
  return {
    inc: () => {
      count++;
    },
  };
}

export const responseCacheHits = hotCounter(
  'meshport_response_cache_hits_total',
  'Read answers served from the response cache.',
);

export const responseCacheMisses = hotCounter(
  'meshport_response_cache_misses_total',
  'Cacheable read answers built afresh (not cached yet, changed since, or the client asked for no-cache).',
);

export const storageErrors = new Counter({
  name: 'meshport_storage_errors_total',
  help: 'Failed file storage operations, by operation and backend (folder or s3).',
  labelNames: ['operation', 'backend'] as const,
  registers,
});

export const jobsCompleted = new Counter({
  name: 'meshport_jobs_completed_total',
  help: 'Job runs that succeeded, by job name.',
  labelNames: ['name'] as const,
  registers,
});

export const jobsFailed = new Counter({
  name: 'meshport_jobs_failed_total',
  help: 'Job runs that failed (retried or not), by job name.',
  labelNames: ['name'] as const,
  registers,
});

export const jobDuration = new Histogram({
  name: 'meshport_job_duration_seconds',
  help: 'Time a job run took in its handler, by job name.',
  labelNames: ['name'] as const,
  buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers,
});

export interface Sample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

/** What a source reports at a scrape; a source that fails or takes longer than this is left out. */
export type SampleSource<L extends string> = () => Sample<L>[] | Promise<Sample<L>[]>;
const SOURCE_TIMEOUT_MS = 2_000;

/**
 * A gauge read at each scrape from the instances that registered a source (the database pools,
 * the job queue, the realtime server). Values of the same labels are combined by `aggregator`,
 * within the process and, in a cluster, across processes by the primary: `sum` for what each
 * instance holds, `max` for what each reads from the same shared place (the job tables).
 */
export class SampledGauge<L extends string> {
  private readonly sources = new Set<SampleSource<L>>();

  constructor(config: { name: string; help: string; labelNames: readonly L[]; aggregator: 'sum' | 'max' }) {
    const sources = this.sources;
    const combine = config.aggregator === 'max' ? Math.max : (a: number, b: number) => a + b;
    new Gauge<L>({
      ...config,
      registers,
      async collect() {
        const results = await Promise.allSettled([...sources].map((source) => withTimeout(source)));
        const combined = new Map<string, Sample<L>>();
        for (const result of results) {
          if (result.status !== 'fulfilled') continue;
          for (const sample of result.value) {
            const key = JSON.stringify(sample.labels);
            const known = combined.get(key);
            combined.set(key, known ? { ...known, value: combine(known.value, sample.value) } : sample);
          }
        }
        this.reset();
        for (const { labels, value } of combined.values()) this.set(labels, value);
      },
    });
  }

  /** Adds a source; returns what removes it (the instance closes). */
  observe(source: SampleSource<L>): () => void {
    this.sources.add(source);
    return () => {
      this.sources.delete(source);
    };
  }
}

async function withTimeout<L extends string>(source: SampleSource<L>): Promise<Sample<L>[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics source timed out')), SOURCE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(source), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `work` at most once per `ms`: the gauges of one scrape, collected together, share one reading
 * (one query for the job queue's three gauges).
 */
export function sharedReading<T>(work: () => Promise<T>, ms = 1_000): () => Promise<T> {
  let last: { at: number; reading: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ms) last = { at: now, reading: work() };
    return last.reading;
  };
}

export const dbPoolConnections = new SampledGauge({
  name: 'meshport_db_pool_connections',
  help: 'Database connections by pool (app, jobs) and state: in_use, idle, waiting (callers waiting for one).',
  labelNames: ['pool', 'state'] as const,
  aggregator: 'sum',
});

export const jobsQueued = new SampledGauge({
  name: 'meshport_jobs_queued',
  help: 'Jobs waiting to run (created or waiting for a retry), by job name.',
  labelNames: ['name'] as const,
  aggregator: 'max',
});

export const jobsActive = new SampledGauge({
  name: 'meshport_jobs_active',
  help: 'Jobs running now (in any process), by job name.',
  labelNames: ['name'] as const,
  aggregator: 'max',
});

export const jobOldestQueuedAge = new SampledGauge({
  name: 'meshport_job_oldest_queued_age_seconds',
  help: 'How long the longest-waiting job that could run now has waited, by job name (0: none waits).',
  labelNames: ['name'] as const,
  aggregator: 'max',
});

export const realtimeConnectedSockets = new SampledGauge({
  name: 'meshport_realtime_connected_sockets',
  help: 'Socket.IO connections open on this server.',
  labelNames: [] as const,
  aggregator: 'sum',
});

/** Connections of a pool in the three states. */
export function poolSamples(pool: string, inUse: number, idle: number, waiting: number): Sample<'pool' | 'state'>[] {
  return [
    { labels: { pool, state: 'in_use' }, value: inUse },
    { labels: { pool, state: 'idle' }, value: idle },
    { labels: { pool, state: 'waiting' }, value: waiting },
  ];
}
