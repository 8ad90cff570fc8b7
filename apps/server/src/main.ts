import cluster from 'node:cluster';
import { buildApp } from './app/build-app.ts';
import { gracefulClose } from './app/graceful-close.ts';
import { createServices } from './app/services.ts';
import { superviseWorkers, WORKER_LISTENING } from './app/workers.ts';
import { type Config, ConfigError, loadConfig } from './config/config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-from-config.ts';
import { GENERATE_USAGE, parseGenerateArgs, runGenerate } from './generate/generate.command.ts';
import { isEmpty, seedDemo } from './seed/demo-seed.ts';
import { ensureReferenceData } from './seed/reference-data.ts';

const USAGE = `Usage: meshport <command>
  serve     migrate, then serve the API and the web app (default; WORKERS processes)
  migrate   apply database migrations and exit
  seed      add the demo companies and users and exit
${GENERATE_USAGE}`;

function log(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), msg, ...extra });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

async function main(command: string): Promise<void> {
  const generateArgs = command === 'generate' ? parseGenerateArgs(process.argv.slice(3)) : null;
  const config = loadConfig(
    generateArgs?.databaseUrl ? { ...process.env, DATABASE_URL: generateArgs.databaseUrl } : process.env,
  );
  // A worker of `serve`: the primary has migrated already.
  if (cluster.isWorker) return serve(config);
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
  if (config.workers === 1) return serve(config, database);
  await database.close();
  superviseWorkers(config.workers, log, () =>
    log('info', 'Meshport is ready', { url: readyUrl(config), database: 'postgres', workers: config.workers }),
  );
}

const readyUrl = (config: Config) => `http://hatch-acme.${config.baseDomain}:${config.port}`;

/** Serves in this process until SIGTERM or SIGINT (or, in a worker, until the primary is gone). */
async function serve(config: Config, opened?: Database): Promise<void> {
  const database = opened ?? (await openConfiguredDatabase(config));
  const { app } = await buildApp(createServices(config, database));
  const close = gracefulClose(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: answering the requests on open connections, then closing them');
    const outcome = await close();
    if (outcome !== 'drained') app.log.warn({ outcome }, 'the drain did not finish in time');
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (cluster.isWorker) process.on('disconnect', () => void stop('disconnect'));
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) process.send?.(WORKER_LISTENING);
  else app.log.info({ url: readyUrl(config), database: database.kind }, 'Meshport is ready');
}

const command = process.argv[2] ?? 'serve';
if (!['serve', 'migrate', 'seed', 'generate'].includes(command)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
main(command).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  log('error', 'failed to start', {
    err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
  });
  process.exit(1);
});
