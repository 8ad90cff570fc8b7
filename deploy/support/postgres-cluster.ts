/**
 * A throw-away PostgreSQL cluster of its own (Debian's postgresql-common: `pg_createcluster`,
 * `pg_ctlcluster`, `pg_dropcluster`), on a free port with trust authentication on 127.0.0.1, that
 * a test may stop, start and restart without disturbing the machine's main cluster. Needs root
 * (or the postgres user), as CI runs.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './meshport-process.ts';

const run = promisify(execFile);
const CONFIG_ROOT = '/etc/postgresql';
const BINARIES_ROOT = '/usr/lib/postgresql';
/** `meshport-<label>-<pid of the test process>-<random>`: the pid lets a later run drop what a killed one left. */
const NAME = /^meshport-[a-z0-9-]+-(\d+)-[0-9a-f]{6}$/;

export interface PostgresCluster {
  readonly name: string;
  readonly version: string;
  readonly port: number;
  /** The superuser on database `postgres`. */
  readonly url: string;
  /** The superuser on another database of this cluster. */
  urlOf(database: string): string;
  /** Starts it and waits until it accepts connections. */
  start(): Promise<void>;
  /** `fast` (the default: sessions are ended, a clean shutdown) or `immediate` (as a crash: recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  /** Stops it if running and removes its data and configuration; safe to call twice. */
  drop(): Promise<void>;
}

/** The newest PostgreSQL (15 or later) whose binaries are installed, or null. */
function installedVersion(): string | null {
  if (!fs.existsSync(BINARIES_ROOT)) return null;
  const versions = fs
    .readdirSync(BINARIES_ROOT)
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) >= 15)
    .filter((entry) => fs.existsSync(path.join(BINARIES_ROOT, entry, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.at(-1) ?? null;
}

/** Why a cluster cannot be made here, or null when it can. */
export function postgresClusterUnavailable(): string | null {
  if (process.platform !== 'linux') return 'own PostgreSQL clusters need Linux';
  if (!['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster'].every(onPath)) {
    return 'postgresql-common (pg_createcluster) is not installed';
  }
  if (!installedVersion()) return `no PostgreSQL 15 or later under ${BINARIES_ROOT}`;
  if (process.getuid?.() !== 0) return 'making a cluster needs root';
  return null;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && fs.existsSync(path.join(dir, command)));
}

async function ctl(version: string, name: string, action: string, ...options: string[]): Promise<void> {
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', ...options, version, name, action]);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the clusters of earlier test processes that died before their `drop()`. */
async function dropLeftovers(version: string): Promise<void> {
  const dir = path.join(CONFIG_ROOT, version);
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const pid = NAME.exec(name)?.[1];
    if (pid === undefined || processAlive(Number(pid))) continue;
    await run('pg_dropcluster', ['--stop', version, name]).catch(() => {});
  }
}

/** Creates and starts a cluster; `label` names it (`[a-z0-9-]`). Drop it in `afterAll`. */
export async function createPostgresCluster(label: string): Promise<PostgresCluster> {
  const unavailable = postgresClusterUnavailable();
  if (unavailable) throw new Error(unavailable);
  if (!/^[a-z0-9-]+$/.test(label)) throw new Error(`a cluster label is [a-z0-9-] (got ${label})`);
  const version = installedVersion() as string;
  await dropLeftovers(version);
  const name = `meshport-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  let created = false;
  let dropped = false;
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: PostgresCluster = {
    name,
    version,
    port,
    url: urlOf('postgres'),
    urlOf,
    start: () => ctl(version, name, 'start'),
    stop: (mode = 'fast') => ctl(version, name, 'stop', '--mode', mode),
    restart: () => ctl(version, name, 'restart'),
    async drop() {
      if (dropped || !created) return;
      dropped = true;
      await run('pg_dropcluster', ['--stop', version, name]);
    },
  };
  try {
    await run('pg_createcluster', [
      version,
      name,
      '--port',
      String(port),
      // A locale every Debian has, whatever the caller's LANG names.
      '--locale',
      'C.UTF-8',
      '--',
      '--auth-host=trust',
      '--auth-local=trust',
    ]);
    created = true;
    // Read after postgresql.conf (its `include_dir`): only this machine, no certificates needed.
    const confD = path.join(CONFIG_ROOT, version, name, 'conf.d');
    fs.mkdirSync(confD, { recursive: true });
    fs.writeFileSync(path.join(confD, 'meshport-test.conf'), "listen_addresses = '127.0.0.1'\nssl = off\n");
    await cluster.start();
    return cluster;
  } catch (error) {
    // pg_createcluster may have written part of it before failing.
    created = true;
    await cluster.drop().catch(() => {});
    throw error;
  }
}
