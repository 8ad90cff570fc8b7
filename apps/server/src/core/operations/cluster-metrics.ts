import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { collectProcessMetrics, metricsRegistry } from './metrics.ts';
import type { MetricsText } from './operator-server.ts';

const SHARING = 'meshport:metrics-sharing';
const REQUEST = 'meshport:metrics-request';
const ANSWER = 'meshport:metrics-answer';
const ANSWER_TIMEOUT_MS = 3_000;

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

interface Answer {
  type: typeof ANSWER;
  id: number;
  metrics: MetricsJson;
}

/** A cluster worker as the primary sees it (node:cluster's `Worker`, or a test's stand-in). */
export interface MetricsWorker {
  isConnected(): boolean;
  /** With a callback, a channel closed meanwhile is an error given to it, not an `error` event. */
  send(message: unknown, callback: (error: Error | null) => void): boolean;
}

/** Where the primary hears its workers (node:cluster, or a test's stand-in). */
export interface MetricsCluster {
  on(event: 'message', listener: (worker: MetricsWorker, message: unknown) => void): unknown;
  on(event: 'exit', listener: (worker: MetricsWorker) => void): unknown;
}

/** What a worker hears the primary on and answers it through (`process`, or a test's stand-in). */
export interface PrimaryChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  send?(message: unknown): boolean;
}

/** This process's own metrics: WORKERS=1, or a `--role worker` process. */
export function ownMetrics(registry: Registry = metricsRegistry): () => Promise<MetricsText> {
  collectProcessMetrics();
  return async () => ({ contentType: registry.contentType, body: await registry.metrics() });
}

/**
 * A cluster worker: answers the primary's requests with this process's metrics, and says it
 * does, so that the primary asks only the workers that will answer (one still starting would
 * make every scrape wait for it).
 */
export function shareMetricsWithPrimary(
  registry: Registry = metricsRegistry,
  primary: PrimaryChannel = process as PrimaryChannel,
): void {
  collectProcessMetrics();
  primary.on('message', (message: unknown) => {
    if (!isRecord(message) || message.type !== REQUEST || typeof message.id !== 'number') return;
    const { id } = message;
    registry.getMetricsAsJSON().then(
      (metrics) => primary.send?.({ type: ANSWER, id, metrics } satisfies Answer),
      () => primary.send?.({ type: ANSWER, id, metrics: [] } satisfies Answer),
    );
  });
  primary.send?.(SHARING);
}

/** node:cluster, as the primary hears its workers. */
const nodeCluster: MetricsCluster = {
  on(event: 'message' | 'exit', listener: (worker: MetricsWorker, message?: unknown) => void) {
    return event === 'message'
      ? cluster.on('message', (worker, message: unknown) => listener(worker, message))
      : cluster.on('exit', (worker) => listener(worker));
  },
};

/**
 * A cluster's primary: every worker's metrics, each metric combined by its aggregator (counters
 * and histograms summed; gauges as each declares: `sum`, `max`…), with prom-client's
 * `AggregatorRegistry.aggregate`. A worker that does not answer within 3 s is left out of that
 * scrape rather than failing it; `meshport_cluster_processes{state}` says how many answered.
 * prom-client's own `clusterMetrics()` asks every worker, those still starting too, and fails
 * the whole scrape when one does not answer.
 */
export function clusterMetrics(
  workers: MetricsCluster = nodeCluster,
  timeoutMs = ANSWER_TIMEOUT_MS,
): () => Promise<MetricsText> {
  const sharing = new Set<MetricsWorker>();
  const pending = new Map<number, (worker: MetricsWorker, metrics: MetricsJson) => void>();
  workers.on('message', (worker, message) => {
    if (message === SHARING) sharing.add(worker);
    else if (isAnswer(message)) pending.get(message.id)?.(worker, message.metrics);
  });
  workers.on('exit', (worker) => {
    sharing.delete(worker);
  });
  let nextId = 0;
  return async () => {
    const id = nextId++;
    const asked = [...sharing].filter((worker) => worker.isConnected());
    const answers: MetricsJson[] = [];
    await new Promise<void>((resolve) => {
      const waiting = new Set<MetricsWorker>();
      const timer = setTimeout(resolve, timeoutMs);
      const settle = () => {
        if (waiting.size > 0) return;
        clearTimeout(timer);
        resolve();
      };
      pending.set(id, (worker, metrics) => {
        if (!waiting.delete(worker)) return;
        answers.push(metrics);
        settle();
      });
      for (const worker of asked) {
        waiting.add(worker);
        worker.send({ type: REQUEST, id }, (error) => {
          if (error && waiting.delete(worker)) settle();
        });
      }
      settle();
    });
    pending.delete(id);
    const registry = AggregatorRegistry.aggregate(answers);
    const body = await registry.metrics();
    return { contentType: registry.contentType, body: body + processesAnswered(answers.length, asked.length) };
  };
}

function processesAnswered(answered: number, asked: number): string {
  return [
    '# HELP meshport_cluster_processes Worker processes whose metrics this scrape holds (answered) or lacks.',
    '# TYPE meshport_cluster_processes gauge',
    `meshport_cluster_processes{state="answered"} ${answered}`,
    `meshport_cluster_processes{state="unanswered"} ${asked - answered}`,
    '',
  ].join('\n');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAnswer(message: unknown): message is Answer {
  return (
    isRecord(message) && message.type === ANSWER && typeof message.id === 'number' && Array.isArray(message.metrics)
  );
}
