/**
 * `meshport backup <file>` and `meshport restore <file> [--force]`: the embedded database with its
 * stored files (docs/decisions/0055). A served PostgreSQL and object storage are backed up with
 * their own tools (docs/deploy.md, Backups): these commands refuse them.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '#core/config/config.ts';
import { dataDirHolder, lockDataDir } from '#core/db/data-dir-lock.ts';
import { pgliteFolder } from '#core/db/database.ts';
import { storageFolder } from '#core/storage/create-storage.ts';
import { BackupError, type BackupManifest, serverVersion } from './backup-archive.ts';
import { restoreBackup } from './backup-restore.ts';
import { prepareBackup } from './backup-snapshot.ts';
import { requestBackup } from './backup-socket.ts';

export const BACKUP_USAGE = `  backup <file>
            write the embedded database and its stored files to <file> (.tar, or .tar.gz to
            compress), a consistent snapshot: taken by the server when it runs on DATA_DIR,
            else read from DATA_DIR directly. <file> must not exist yet
  restore <file> [--force]
            restore such a backup into DATA_DIR, which must be empty or new (--force: replace
            the database and stored files it holds); no server may run on it. Start it after
  PostgreSQL (DATABASE_URL) and object storage (S3_BUCKET) have their own tools: docs/deploy.md, Backups`;

export class BackupUsageError extends Error {}

export interface BackupArgs {
  file: string;
  force: boolean;
}

export function parseBackupArgs(command: 'backup' | 'restore', args: string[]): BackupArgs {
  let file: string | undefined;
  let force = false;
  for (const arg of args) {
    if (arg === '--force' && command === 'restore') force = true;
    else if (arg.startsWith('-')) throw new BackupUsageError(`Unknown option for ${command}: ${arg}`);
    else if (file === undefined) file = arg;
    else throw new BackupUsageError(`${command} takes one file (got ${file} and ${arg})`);
  }
  if (!file) throw new BackupUsageError(`${command} needs the archive's file name`);
  return { file, force };
}

type Log = (msg: string, details: Record<string, unknown>) => void;

/** The commands cover the embedded database with the storage folder; other set-ups are refused with the way to go. */
function refuseOtherSetUps(config: Config, command: string): void {
  if (config.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: \`meshport ${command}\` covers the embedded database only. Back up PostgreSQL ` +
        'with its own tools (pg_dump, or pg_basebackup with WAL archiving), then the stored files: see ' +
        'docs/deploy.md, Backups.',
    );
  }
  if (config.s3) {
    throw new BackupError(
      `S3_BUCKET is set: the stored files are in object storage, which \`meshport ${command}\` does not cover. ` +
        'See docs/deploy.md, Backups.',
    );
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

function summary(manifest: BackupManifest) {
  return {
    databaseFiles: manifest.database.files,
    databaseBytes: manifest.database.bytes,
    storedFiles: manifest.storage.files,
    storedBytes: manifest.storage.bytes,
  };
}

async function backup(config: Config, file: string, log: Log): Promise<void> {
  refuseOtherSetUps(config, 'backup');
  const started = performance.now();
  const target = path.resolve(file);
  if (await exists(target)) throw new BackupError(`${target} exists already: choose a new file name.`);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  const gzip = /\.(gz|tgz)$/i.test(target);
  const write = (source: Readable) =>
    gzip
      ? pipeline(source, createGzip(), createWriteStream(partial, { flags: 'wx' }))
      : pipeline(source, createWriteStream(partial, { flags: 'wx' }));
  let manifest: BackupManifest;
  try {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== null) {
      const answer = await requestBackup(config.dataDir, holder);
      manifest = answer.manifest;
      await write(answer.body);
    } else {
      const databaseFolder = pgliteFolder(config.dataDir);
      if (!(await exists(path.join(databaseFolder, 'PG_VERSION')))) {
        throw new BackupError(`The data folder ${path.resolve(config.dataDir)} holds no embedded database to back up.`);
      }
      // No server runs: with the lock none can start, and the folder stands still while it is read.
      const release = lockDataDir(config.dataDir);
      try {
        const prepared = await prepareBackup({ databaseFolder, storageRoot: storageFolder(config), still: null });
        manifest = prepared.manifest;
        await write(Readable.from(prepared.chunks()));
      } finally {
        release();
      }
    }
    await fs.rename(partial, target);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.stat(target);
  log('backup written', {
    file: target,
    bytes: size,
    mode: manifest.mode,
    ...summary(manifest),
    ms: Math.round(performance.now() - started),
  });
}

async function restore(config: Config, file: string, force: boolean, log: Log): Promise<void> {
  refuseOtherSetUps(config, 'restore');
  const started = performance.now();
  const restored = await restoreBackup({ archive: file, dataDir: config.dataDir, force });
  const version = serverVersion();
  log('backup restored', {
    dataDir: path.resolve(config.dataDir),
    madeAt: restored.manifest.createdAt,
    madeBy: restored.manifest.serverVersion,
    ...summary(restored.manifest),
    tables: restored.tables,
    replaced: restored.replaced,
    ms: Math.round(performance.now() - started),
    ...(restored.manifest.serverVersion !== version
      ? {
          note: `made by Meshport ${restored.manifest.serverVersion}, this is ${version}: serve applies migrations at start`,
        }
      : {}),
  });
}

export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: BackupArgs,
  config: Config,
  log: Log,
): Promise<void> {
  if (command === 'backup') await backup(config, args.file, log);
  else await restore(config, args.file, args.force, log);
}
