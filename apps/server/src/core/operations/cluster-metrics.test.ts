import { EventEmitter } from 'node:events';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { clusterMetrics, type MetricsWorker, shareMetricsWithPrimary } from './cluster-metrics.ts';
import { metricValue } from './metrics-text.test-support.ts';

/** A worker process's registry with the kinds of metric the server has, and its own values. */
function workerRegistry(values: { requests: number; inUse: number; queued: number; seconds: number[] }): Registry {
  const registry = new Registry();
  new Counter({ name: 'requests_total', help: 'h', labelNames: ['route'], registers: [registry] })
    .labels({ route: '/v2/x' })
    .inc(values.requests);
  new Gauge({ name: 'pool', help: 'h', aggregator: 'sum', registers: [registry] }).set(values.inUse);
  new Gauge({ name: 'queued', help: 'h', aggregator: 'max', registers: [registry] }).set(values.queued);
  const histogram = new Histogram({ name: 'took_seconds', help: 'h', buckets: [0.1, 1], registers: [registry] });
  for (const seconds of values.seconds) histogram.observe(seconds);
  return registry;
}

/**
 * The primary and its workers without forking: each worker is an IPC channel pair (the primary's
 * `worker.send` reaches the worker's `process.on('message')`, and back), as node:cluster does.
 */
function fakeCluster() {
  const primary = new EventEmitter();
  const add = (registry: Registry | null) => {
    const channel = new EventEmitter();
    const worker: MetricsWorker = {
      isConnected: () => true,
      send: (message, callback) => {
        setImmediate(() => {
          channel.emit('message', message);
          callback(null);
        });
        return true;
      },
    };
    const toPrimary = {
      on: (event: 'message', listener: (message: unknown) => void) => channel.on(event, listener),
      send: (message: unknown) => {
        setImmediate(() => primary.emit('message', worker, message));
        return true;
      },
    };
    // A worker without a registry says it shares but never answers (busy, or stuck).
    if (registry) shareMetricsWithPrimary(registry, toPrimary);
    else toPrimary.send('meshport:metrics-sharing');
    return worker;
  };
  return { primary, add };
}

describe('a cluster’s metrics, served by its primary', () => {
  it('adds the workers’ counters and histograms, and combines each gauge by its aggregator', async () => {
    const { primary, add } = fakeCluster();
    const scrape = clusterMetrics(primary, 1_000);
    add(workerRegistry({ requests: 3, inUse: 2, queued: 7, seconds: [0.05, 0.5] }));
    add(workerRegistry({ requests: 4, inUse: 5, queued: 7, seconds: [2] }));
    await new Promise((resolve) => setImmediate(resolve));

    const { body, contentType } = await scrape();
    expect(contentType).toMatch(/^text\/plain/);
    expect(metricValue(body, 'requests_total', { route: '/v2/x' })).toBe(7);
    expect(metricValue(body, 'pool')).toBe(7);
    // Read from the same job tables by each process: the same number, not twice it.
    expect(metricValue(body, 'queued')).toBe(7);
    expect(metricValue(body, 'took_seconds_bucket', { le: '0.1' })).toBe(1);
    expect(metricValue(body, 'took_seconds_bucket', { le: '1' })).toBe(2);
    expect(metricValue(body, 'took_seconds_count')).toBe(3);
    expect(metricValue(body, 'meshport_cluster_processes', { state: 'answered' })).toBe(2);
    expect(metricValue(body, 'meshport_cluster_processes', { state: 'unanswered' })).toBe(0);
  });

  it('leaves out a worker that does not answer in time, rather than failing the scrape', async () => {
    const { primary, add } = fakeCluster();
    const scrape = clusterMetrics(primary, 100);
    add(workerRegistry({ requests: 3, inUse: 1, queued: 0, seconds: [] }));
    const stuck = add(null);
    await new Promise((resolve) => setImmediate(resolve));
    const { body } = await scrape();
    expect(metricValue(body, 'requests_total', { route: '/v2/x' })).toBe(3);
    expect(metricValue(body, 'meshport_cluster_processes', { state: 'unanswered' })).toBe(1);

    // Once it is gone, it is no longer asked.
    primary.emit('exit', stuck);
    const started = Date.now();
    const again = await scrape();
    expect(Date.now() - started).toBeLessThan(100);
    expect(metricValue(again.body, 'meshport_cluster_processes', { state: 'unanswered' })).toBe(0);
  });

  it('answers with no workers at all', async () => {
    const { primary } = fakeCluster();
    const { body } = await clusterMetrics(primary, 100)();
    expect(metricValue(body, 'meshport_cluster_processes', { state: 'answered' })).toBe(0);
  });
});
