import cluster from 'node:cluster';
import type { Config } from '#core/config/config.ts';
import { clusterMetrics, ownMetrics, shareMetricsWithPrimary } from '#core/operations/cluster-metrics.ts';
import { type OperatorHandler, type OperatorServer, startOperatorServer } from '#core/operations/operator-server.ts';

export interface OperatorListenerOptions {
  /** `cluster-primary`: the primary of WORKERS > 1, which serves its workers' metrics added together. */
  place: 'process' | 'cluster-primary';
  log: { error(details: Record<string, unknown>, msg: string): void };
  /** More operator paths beside `/metrics` and `/healthz`. */
  routes?: Readonly<Record<string, OperatorHandler>>;
}

/**
 * Where this process's metrics go (decision 0054), with METRICS_PORT set: a cluster's worker
 * answers its primary, which listens (call it before forking: it hears which workers answer);
 * any other process listens itself. Resolves to the listener, or null where there is none.
 */
export async function startOperatorListener(
  config: Pick<Config, 'metrics'>,
  options: OperatorListenerOptions,
): Promise<OperatorServer | null> {
  if (!config.metrics) return null;
  if (cluster.isWorker) {
    shareMetricsWithPrimary();
    return null;
  }
  return startOperatorServer({
    ...config.metrics,
    metrics: options.place === 'cluster-primary' ? clusterMetrics() : ownMetrics(),
    routes: options.routes,
    log: options.log,
  });
}
