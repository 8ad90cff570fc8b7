import cluster from 'node:cluster';

type Log = (level: 'info' | 'error', msg: string, extra?: Record<string, unknown>) => void;

const RESTART_DELAY_MS = 1_000;
export const WORKER_LISTENING = 'meshport:listening';

/**
 * The primary of `meshport serve` with WORKERS > 1 (docs/decisions/0013): it forks the workers,
 * which share the port; starts another when one dies; and on SIGTERM or SIGINT lets each
 * finish its requests in flight, then exits. It serves nothing itself.
 */
export function superviseWorkers(count: number, log: Log, ready: () => void): void {
  let stopping = false;
  const listening = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (message !== WORKER_LISTENING) return;
      listening.add(worker.id);
      if (listening.size === count) ready();
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('info', 'stopped');
        process.exit(0);
      }
      return;
    }
    log('error', 'a worker stopped; starting another', { worker: worker.id, code, signal });
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down: workers finish their requests in flight', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork();
}
