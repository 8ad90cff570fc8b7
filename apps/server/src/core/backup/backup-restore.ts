/**
 * Restores a backup archive (`backup-archive.ts`) into a data folder: read and checked in full
 * into a folder beside the target first (every path, every checksum, the counts of the manifest,
 * the database opened once), and only then moved into place, so that a damaged or hostile
 * archive leaves the data folder as it was.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readTar, type TarEntry, TarFormatError } from '#core/archive/tar-reader.ts';
import { lockDataDir } from '#core/db/data-dir-lock.ts';
import { openDatabase, queryRows } from '#core/db/database.ts';
import { checkStorageKey, StorageKeyError } from '#core/storage/file-storage.ts';
import {
  AREAS,
  BackupError,
  type BackupManifest,
  CHECKSUMS_ENTRY,
  checksumsSchema,
  entryPlace,
  MANIFEST_ENTRY,
  MAX_CHECKSUMS_BYTES,
  MAX_MANIFEST_BYTES,
  parseManifest,
} from './backup-archive.ts';

/** The folder a restore reads the archive into, inside the data folder (then renamed into place). */
export const RESTORE_PREFIX = '.restore-';
const LOCK_FILE = 'meshport.lock';
const READ_CHUNK_BYTES = 1024 * 1024;

export interface RestoreOptions {
  /** The archive (.tar, or gzipped). */
  archive: string;
  dataDir: string;
  /** Replace the database and stored files of a data folder that has some. */
  force?: boolean;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Files written: database and stored files. */
  files: number;
  bytes: number;
  /** Tables of the restored database's public schema (it was opened to count them). */
  tables: number;
  /** What the data folder held before, replaced (`force`). */
  replaced: string[];
}

/** The archive's bytes, gunzipped when it starts with gzip's magic number. */
async function archiveBytes(file: string): Promise<AsyncIterable<Uint8Array>> {
  const head = Buffer.alloc(2);
  const handle = await fs.open(file, 'r').catch((error: unknown) => {
    throw new BackupError(`Cannot read the archive ${file}: ${(error as Error).message}`);
  });
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  if (head[0] !== 0x1f || head[1] !== 0x8b) return stream;
  const gunzip = createGunzip();
  stream.on('error', (error) => gunzip.destroy(error));
  return stream.pipe(gunzip);
}

async function small(entry: TarEntry, limit: number, what: string): Promise<string> {
  if (entry.size > limit) throw new BackupError(`The backup's ${what} is larger than ${limit} bytes.`);
  const parts: Buffer[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

/** Reads the archive into `into` (`pglite/`, `storage/`), checking it as it goes and at its end. */
async function extract(archive: string, into: string): Promise<Omit<RestoreSummary, 'tables' | 'replaced'>> {
  let manifest: BackupManifest | null = null;
  let checksums: Record<string, string> | null = null;
  const written = new Map<string, string>();
  const counts = { pglite: { files: 0, bytes: 0 }, storage: { files: 0, bytes: 0 } };
  for await (const entry of readTar(await archiveBytes(archive))) {
    if (checksums) throw new BackupError('The archive holds entries after its checksums.');
    if (!manifest) {
      if (entry.name !== MANIFEST_ENTRY || entry.type !== 'file') {
        throw new BackupError('The archive is not a Meshport backup: it does not start with its manifest.');
      }
      manifest = parseManifest(await small(entry, MAX_MANIFEST_BYTES, 'manifest'));
      continue;
    }
    if (entry.name === CHECKSUMS_ENTRY && entry.type === 'file') {
      const text = await small(entry, MAX_CHECKSUMS_BYTES, 'list of checksums');
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // refused below
      }
      const parsed = checksumsSchema.safeParse(json);
      if (!parsed.success) throw new BackupError("The backup's list of checksums is damaged.");
      checksums = parsed.data;
      continue;
    }
    const { area, relative } = entryPlace(entry.name);
    const target = path.join(into, area, ...relative.split('/'));
    if (!target.startsWith(path.join(into, area) + path.sep)) throw new BackupError(`Unsafe path: ${entry.name}`);
    if (entry.type === 'directory') {
      await fs.mkdir(target, { recursive: true });
      continue;
    }
    if (area === 'storage') {
      try {
        checkStorageKey(relative);
      } catch (error) {
        if (error instanceof StorageKeyError)
          throw new BackupError(`The archive holds an unsafe path: ${error.message}`);
        throw error;
      }
    }
    if (written.has(entry.name)) throw new BackupError(`The archive holds ${entry.name} twice.`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    const body = entry.body;
    async function* hashing(): AsyncGenerator<Buffer> {
      for await (const chunk of body) {
        hash.update(chunk);
        yield chunk;
      }
    }
    // `wx`: never over anything already there (a name given twice, a file where a folder was).
    await pipeline(Readable.from(hashing()), createWriteStream(target, { flags: 'wx' }));
    written.set(entry.name, hash.digest('hex'));
    counts[area].files += 1;
    counts[area].bytes += entry.size;
  }
  if (!manifest) throw new BackupError('The archive is empty.');
  if (!checksums) throw new BackupError('The archive ends before its list of checksums: it is incomplete.');
  for (const [name, sum] of written) {
    if (checksums[name] !== sum)
      throw new BackupError(`${name} in the archive is damaged: its checksum does not match.`);
  }
  const missing = Object.keys(checksums).filter((name) => !written.has(name));
  if (missing.length > 0)
    throw new BackupError(`The archive lacks ${missing.length} file(s) it lists, e.g. ${missing[0]}.`);
  const expected = manifest;
  const differs = (area: 'pglite' | 'storage', got: { files: number; bytes: number }) => {
    const want = area === 'pglite' ? expected.database : expected.storage;
    return got.files !== want.files || got.bytes !== want.bytes;
  };
  for (const area of AREAS) {
    if (differs(area, counts[area])) {
      throw new BackupError(`The archive's ${area} files do not add up to what its manifest says: it is incomplete.`);
    }
  }
  if (counts.pglite.files === 0) throw new BackupError('The archive holds no database.');
  return {
    manifest,
    files: counts.pglite.files + counts.storage.files,
    bytes: counts.pglite.bytes + counts.storage.bytes,
  };
}

/** Opens the restored database once (as `serve` will) and counts its tables. */
async function openOnce(folder: string, manifest: BackupManifest): Promise<number> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: folder, queueTimeoutMs: null });
  } catch (error) {
    throw new BackupError(
      `The restored database does not open (the backup holds PostgreSQL ${manifest.database.postgresVersion}, made by Meshport ${manifest.serverVersion}): ${(error as Error).message}`,
    );
  }
  try {
    const [row] = await queryRows<{ n: number }>(
      database.system,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * Restores `archive` into `dataDir`, which must be empty or not exist, unless `force`: then its
 * database and stored files are replaced (other things in it, such as `mail/`, stay). The data
 * folder is locked meanwhile: a server running on it makes this fail (`DataDirLockedError`).
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const dataDir = path.resolve(options.dataDir);
  const release = lockDataDir(dataDir);
  let staging: string | null = null;
  try {
    const present: string[] = [];
    for (const name of await fs.readdir(dataDir)) {
      if (name.startsWith(RESTORE_PREFIX)) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
      else if (name !== LOCK_FILE) present.push(name);
    }
    if (present.length > 0 && !options.force) {
      throw new BackupError(
        `The data folder ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). ` +
          'Restore into an empty or new folder (set DATA_DIR), or add --force to replace its database and stored files.',
      );
    }
    staging = await fs.mkdtemp(path.join(dataDir, RESTORE_PREFIX));
    let extracted: Awaited<ReturnType<typeof extract>>;
    try {
      extracted = await extract(path.resolve(options.archive), staging);
    } catch (error) {
      if (error instanceof TarFormatError)
        throw new BackupError(`The archive is damaged or not a backup. ${error.message}`);
      if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
        throw new BackupError(`The archive's compression is damaged or cut short (${(error as Error).message}).`);
      }
      throw error;
    }
    const tables = await openOnce(staging, extracted.manifest);
    const replaced: string[] = [];
    for (const area of AREAS) {
      const target = path.join(dataDir, area);
      const exists = await fs.stat(target).then(
        () => true,
        () => false,
      );
      if (exists) {
        await fs.rename(target, path.join(staging, `replaced-${area}`));
        replaced.push(area);
      }
      await fs.mkdir(path.join(staging, area), { recursive: true });
      await fs.rename(path.join(staging, area), target);
    }
    return { ...extracted, tables, replaced };
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true });
    release();
  }
}
