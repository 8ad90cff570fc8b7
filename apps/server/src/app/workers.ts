import cluster, { type Worker } from 'node:cluster';

type Log = (level: 'info' | 'error', msg: string, extra?: Record<string, unknown>) => void;

const RESTART_DELAY_MS = 1_000;
export const WORKER_LISTENING = 'meshport:listening';
/** An HTTP worker has paid its start-up costs (main.ts `payAtStart`). */
export const WORKER_WARM = 'meshport:warm';
/**
 * To each warm HTTP worker, once all are (and the background process, whose start-up takes the
 * same two cores): any of them may now say it is ready (`/readyz`).
 */
export const ALL_WARM = 'meshport:all-warm';

/**
 * The young generation of an HTTP worker: 64 MB per semi-space instead of V8's 16. A request
 * allocates its statement, rows and JSON and drops them; with the default, objects still in use
 * by the requests in flight were copied at every scavenge and many promoted to the old space.
 * The mix at 50 connections: 559 → 642 req/s, p99 322.8 → 278.5 ms (decision 0050). Costs up to
 * ~100 MB more per worker under load. A flag already given (NODE_OPTIONS, the command) wins.
 */
const HTTP_WORKER_SEMI_SPACE = '--max-semi-space-size=64';

export function httpWorkerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) => flag.startsWith('--max-semi-space-size'));
  return given ? [...execArgv] : [...execArgv, HTTP_WORKER_SEMI_SPACE];
}

/** How many database connections the background process of a cluster keeps. */
export const BACKGROUND_POOL_SIZE = 4;

/**
 * The primary of `meshport serve` with WORKERS > 1 (docs/decisions/0013): it forks the workers,
 * which share the port; starts another when one dies; and on SIGTERM or SIGINT lets each
 * finish its requests in flight, then exits. It serves nothing itself.
 *
 * With `background` (the role `all`), the HTTP workers only answer requests and one more
 * process works the background jobs (conversions, previews, purges) at a lower CPU priority,
 * so that processing uploads does not slow the requests of everyone else (decision 0028).
 */
export function superviseWorkers(
  count: number,
  log: Log,
  ready: () => void,
  options: { role: 'api' | 'worker' | 'all' },
): void {
  const background = options.role === 'all';
  let stopping = false;
  const listening = new Set<number>();
  const warm = new Set<number>();
  const roles = new Map<number, Record<string, string>>();
  const fork = (env: Record<string, string>) => {
    const execArgv =
      env === backgroundEnv ? process.execArgv : httpWorkerExecArgv(process.execArgv, process.env.NODE_OPTIONS);
    cluster.setupPrimary({ execArgv });
    const worker: Worker = cluster.fork(env);
    roles.set(worker.id, env);
    worker.on('message', (message: unknown) => {
      if (message === WORKER_WARM) {
        warm.add(worker.id);
        // A connection may reach any HTTP worker: none is ready while another is still cold, nor
        // while the background process still starts its engines beside them.
        if (warm.size === count + (background ? 1 : 0))
          for (const id of warm) if (roles.get(id) !== backgroundEnv) cluster.workers?.[id]?.send(ALL_WARM);
      }
      if (message !== WORKER_LISTENING) return;
      listening.add(worker.id);
      if (listening.size === count) ready();
    });
  };
  // Every fork is told its role: it ignores the `--role` of the command line it inherits.
  const httpEnv: Record<string, string> = { SERVE_ROLE: background ? 'api' : options.role };
  const backgroundEnv = { SERVE_ROLE: 'worker', WORKERS: '1', DATABASE_POOL_SIZE: String(BACKGROUND_POOL_SIZE) };
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    warm.delete(worker.id);
    const env = roles.get(worker.id) ?? httpEnv;
    roles.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('info', 'stopped');
        process.exit(0);
      }
      return;
    }
    log('error', 'a worker stopped; starting another', {
      worker: worker.id,
      code,
      signal,
      role: env.SERVE_ROLE ?? 'all',
    });
    setTimeout(() => fork(env), RESTART_DELAY_MS);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down: workers finish their requests in flight', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork(httpEnv);
  if (background) fork(backgroundEnv);
}
