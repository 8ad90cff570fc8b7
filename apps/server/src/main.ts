import cluster from 'node:cluster';
import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from '#app/build-app.ts';
import { gracefulClose } from '#app/graceful-close.ts';
import { startOperatorListener } from '#app/operator-listener.ts';
import { createServices } from '#app/services.ts';
import { ALL_WARM, superviseWorkers, WORKER_LISTENING, WORKER_WARM } from '#app/workers.ts';
import { BACKUP_USAGE, BackupUsageError, parseBackupArgs, runBackupCommand } from '#core/backup/backup.command.ts';
import { BackupError } from '#core/backup/backup-archive.ts';
import { backupHandler, listenForBackups } from '#core/backup/backup-socket.ts';
import { type Config, ConfigError, loadConfig } from '#core/config/config.ts';
import { warmConnections } from '#core/db/connection-warm-up.ts';
import { DataDirLockedError } from '#core/db/data-dir-lock.ts';
import { type Database, pgliteFolder } from '#core/db/database.ts';
import { openConfiguredDatabase } from '#core/db/open-from-config.ts';
import type { OperatorServer } from '#core/operations/operator-server.ts';
import { storageFolder } from '#core/storage/create-storage.ts';
import { demoPending, loadDemo } from '#dev/demo/demo-loader.ts';
import { GENERATE_USAGE, parseGenerateArgs, runGenerate } from '#dev/generate/generate.command.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES, isEmpty, seedDemo } from '#dev/seed/demo-seed.ts';
import { ensureReferenceData } from '#dev/seed/reference-data.ts';
import { scheduleRecycleBinPurge } from '#modules/content/recycle-bin/recycle-bin-purge.job.ts';
import { reconcileRuns } from '#modules/processing/pipeline/reconcile-runs.ts';
import { scheduleUploadExpiry } from '#modules/processing/uploads/upload-expire.job.ts';

const USAGE = `Usage: meshport <command>
  serve     migrate, then serve (default). --role (or SERVE_ROLE) says what:
              --role all     the API, the web app and the background jobs (default; WORKERS processes)
              --role api     the API and the web app; jobs are enqueued, not worked (WORKERS processes)
              --role worker  the background jobs only, no HTTP (one process; run more to scale)
            api and worker need DATABASE_URL: the embedded database runs everything in one process
  migrate   apply database migrations and exit
  seed      add the demo companies and users and exit
${GENERATE_USAGE}
${BACKUP_USAGE}`;

class UsageError extends Error {}

/** `serve`'s options: `--role api|worker|all` (or `--role=…`). */
function parseServeArgs(args: string[]): { role?: string } {
  const parsed: { role?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] as string).split(/=(.*)/s, 2);
    if (flag !== '--role') throw new UsageError(`Unknown option for serve: ${args[i]}`);
    const value = inline ?? args[++i];
    if (!value || !['api', 'worker', 'all'].includes(value)) {
      throw new UsageError(`--role takes api, worker or all (got ${value ?? 'nothing'})`);
    }
    parsed.role = value;
  }
  return parsed;
}

function log(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), msg, ...extra });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

async function main(command: string): Promise<void> {
  if (command === 'backup' || command === 'restore') {
    const args = parseBackupArgs(command, process.argv.slice(3));
    return runBackupCommand(command, args, loadConfig(process.env), (msg, details) => log('info', msg, details));
  }
  const generateArgs = command === 'generate' ? parseGenerateArgs(process.argv.slice(3)) : null;
  const serveArgs = command === 'serve' ? parseServeArgs(process.argv.slice(3)) : {};
  const config = loadConfig({
    ...process.env,
    ...(generateArgs?.databaseUrl ? { DATABASE_URL: generateArgs.databaseUrl } : {}),
    // A forked worker takes its role from the primary (SERVE_ROLE), not from the command it inherits.
    ...(serveArgs.role && !cluster.isWorker ? { SERVE_ROLE: serveArgs.role } : {}),
  });
  // A worker of `serve`: the primary has migrated already.
  if (cluster.isWorker)
    return config.role === 'worker' ? work(config, await openConfiguredDatabase(config)) : serve(config);
  const database = await openConfiguredDatabase(config);
  const services = createServices(config, database);
  try {
    await database.migrate();
    await ensureReferenceData(database);
    if (command === 'migrate') {
      log('info', 'migrations applied');
      return await database.close();
    }
    if (generateArgs) {
      await runGenerate(database, generateArgs);
      return await database.close();
    }
    if (command === 'seed') {
      await seedDemo(database, services.storage);
      log('info', 'demo data ready');
      return await database.close();
    }
    if (database.kind === 'pglite' && config.seedDemo && (await isEmpty(database))) {
      await seedDemo(database, services.storage);
      log('info', 'empty embedded database: demo data created');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  if (config.role === 'worker') return work(config, database);
  if (config.workers === 1) return serve(config, database);
  await database.close();
  // Before the workers start: it hears which of them answer for their metrics.
  const operator = await startOperatorListener(config, { place: 'cluster-primary', log: logger });
  superviseWorkers(
    config.workers,
    log,
    () =>
      log('info', 'Meshport is ready', {
        url: readyUrl(config),
        ...(operator ? { metrics: `${operator.url}/metrics` } : {}),
        database: 'postgres',
        workers: config.workers,
        role: config.role,
      }),
    { role: config.role },
  );
}

/** `log` as the operator listener takes it. */
const logger = { error: (details: Record<string, unknown>, msg: string) => log('error', msg, details) };

const readyUrl = (config: Config) => `http://hatch-acme.${config.baseDomain}:${config.port}`;

/**
 * Serves in this process until SIGTERM or SIGINT (or, in a worker, until the primary is gone):
 * HTTP, and in the role `all` the background jobs too.
 */
async function serve(config: Config, opened?: Database): Promise<void> {
  // V8's memory reducer runs a full, mostly atomic collection whenever the process looks idle,
  // to hand memory back: between a quiet server's requests, which then wait for it (30–550 ms
  // on this 2-core machine, decision 0030). A server keeps its heap instead.
  setFlagsFromString('--no-memory-reducer');
  const database = opened ?? (await openConfiguredDatabase(config));
  const services = createServices(config, database);
  // Ready (`/readyz`) once the first requests find what they need warm: before that they would
  // pay for it, and a load balancer would send them anyway (issue 28).
  let notReady: string | null = 'Warming up: opening database connections and reading the large lists.';
  const { app, warmUps } = await buildApp(services, { notReady: () => notReady });
  const close = gracefulClose(app);
  let stopping = false;
  let stopPurge = () => {};
  let stopBackups = async () => {};
  let operator: OperatorServer | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    notReady = 'Shutting down.';
    stopPurge();
    app.log.info({ signal }, 'shutting down: answering the requests on open connections, then closing them');
    // Running jobs finish meanwhile (or are released to another worker); both before the database closes.
    const [outcome] = await Promise.all([close(), services.jobs.stop()]);
    if (outcome !== 'drained') app.log.warn({ outcome }, 'the drain did not finish in time');
    await services.processing.close();
    await stopBackups();
    await database.close();
    await operator?.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (cluster.isWorker) process.on('disconnect', () => void stop('disconnect'));
  // Before the first request: the API enqueues jobs, and the role `all` works them.
  await services.jobs.start();
  if (config.role !== 'api') {
    const stopBin = scheduleRecycleBinPurge(services.jobs, app.log);
    const stopExpiry = scheduleUploadExpiry(services.jobs, app.log);
    stopPurge = () => {
      stopBin();
      stopExpiry();
    };
    await reconcileRuns(database, services.processingSubjects.all());
  }
  const processingWarmUps = config.role === 'api' ? [] : [() => services.processing.warmUp(app.log)];
  // `meshport backup` asks this process for the snapshot: it owns the embedded database (decision 0055).
  if (database.still && !config.s3) {
    const source = { databaseFolder: pgliteFolder(config.dataDir), storageRoot: storageFolder(config) };
    const handler = backupHandler({ ...source, still: database.still }, app.log);
    stopBackups = await listenForBackups(config.dataDir, handler, app.log);
  }
  operator = await startOperatorListener(config, { place: 'process', log: app.log });
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) process.send?.(WORKER_LISTENING);
  else {
    const metrics = operator ? { metrics: `${operator.url}/metrics` } : {};
    app.log.info(
      { url: readyUrl(config), ...metrics, database: database.kind, role: config.role },
      'Meshport is ready',
    );
  }
  void payAtStart([() => warmConnections(database), ...warmUps, ...processingWarmUps], app.log, () => stopping).then(
    () => {
      if (stopping) return;
      if (!cluster.isWorker) {
        notReady = null;
        return;
      }
      notReady = 'Waiting for the other server processes to warm up.';
      process.on('message', (message: unknown) => {
        if (message === ALL_WARM && !stopping) notReady = null;
      });
      process.send?.(WORKER_WARM);
    },
  );
  if (!cluster.isWorker && config.demoModels && (await demoPending(services.storage))) {
    app.log.info({ users: DEMO_USERNAMES, password: DEMO_PASSWORD }, 'Demo users (sign in at the address above)');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    loadDemo({
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      baseDomain: config.baseDomain,
      database,
      storage: services.storage,
      log: (message, details) => app.log.info(details ?? {}, message),
    }).catch((error: unknown) => {
      if (!stopping)
        app.log.error({ err: error }, 'the demo content could not be made; it is tried again at the next start');
    });
  }
}

/** One after the other, behind the first requests; a failure costs only the first request its speed. */
async function payAtStart(
  warmUps: (() => Promise<void>)[],
  log: { warn(data: object, message: string): void },
  stopping: () => boolean,
): Promise<void> {
  for (const warmUp of warmUps) {
    if (stopping()) return;
    try {
      await warmUp();
    } catch (error) {
      if (!stopping()) log.warn({ err: error }, 'a warm-up at start failed');
    }
  }
}

/** `serve --role worker`: works the background jobs until SIGTERM or SIGINT; answers no HTTP. */
async function work(config: Config, database: Database): Promise<void> {
  // Below the API's priority: conversions and previews (this process's children) run on what
  // the requests leave of the CPU (decision 0028).
  lowerPriority(config.backgroundNiceness);
  const services = createServices(config, database);
  let stopping = false;
  let stopPurge = () => {};
  let operator: OperatorServer | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopPurge();
    log('info', 'shutting down: running jobs finish, or go back to the queue for another worker', { signal });
    await services.jobs.stop();
    await services.processing.close();
    await services.realtime.close();
    await database.close();
    await operator?.close();
    log('info', 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  operator = await startOperatorListener(config, { place: 'process', log: logger });
  services.realtime.attachHeadless();
  await services.jobs.start();
  const warn = { warn: (details: Record<string, unknown>, msg: string) => log('error', msg, details) };
  const stopBin = scheduleRecycleBinPurge(services.jobs, warn);
  const stopExpiry = scheduleUploadExpiry(services.jobs, warn);
  stopPurge = () => {
    stopBin();
    stopExpiry();
  };
  await reconcileRuns(database, services.processingSubjects.all());
  await services.processing.warmUp({
    warn: (details, msg) => log('error', msg, details as Record<string, unknown>),
  });
  // The cluster's HTTP workers say ready only once this process has its engines up too (workers.ts).
  if (cluster.isWorker) process.send?.(WORKER_WARM);
  const jobs = services.jobs.registry.all().map((job) => job.name);
  // In a cluster the primary says when the whole server is ready (its HTTP workers listen);
  // this process saying so first would send clients to a port nobody listens on yet.
  if (cluster.isWorker) log('info', 'background jobs started', { database: database.kind, jobs });
  else {
    const metrics = operator ? { metrics: `${operator.url}/metrics` } : {};
    log('info', 'Meshport is ready', { role: 'worker', ...metrics, database: database.kind, jobs });
  }
}

function lowerPriority(niceness: number): void {
  try {
    os.setPriority(Math.max(os.getPriority(), niceness));
  } catch (error) {
    log('error', 'could not lower the background priority', { error: String(error) });
  }
}

const command = process.argv[2] ?? 'serve';
if (!['serve', 'migrate', 'seed', 'generate', 'backup', 'restore'].includes(command)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
main(command).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof BackupUsageError) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  log('error', 'failed to start', {
    err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
  });
  process.exit(1);
});
