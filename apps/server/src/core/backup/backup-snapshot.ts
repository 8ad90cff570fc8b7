/**
 * A consistent snapshot of the embedded database with its stored files, written as a backup
 * archive (`backup-archive.ts`), also while the server runs (docs/decisions/0055).
 *
 * The running server's database waits meanwhile (`Database.still`): no statement runs, so its
 * files stand still and are copied as they are, WAL included (what a crash would leave, from
 * which PostgreSQL recovers at the next start: every committed transaction, nothing else). In the
 * same wait the stored files are hard-linked. Every file a row refers to is written before the
 * row is committed and removed only after the commit that stops referring to it: nothing commits
 * during the wait, so no file the copied database refers to can be gone before it is linked. A
 * link keeps the bytes when the key is removed or replaced afterwards (the folder storage replaces
 * by rename). The copy and the links are then read into the archive at leisure; files added after
 * the wait are not in it, and need not be.
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TAR_END, tarFile, tarHeader } from '#core/archive/tar-writer.ts';
import { PARTIAL_SUFFIX } from '#core/storage/file-storage.ts';
import {
  type Area,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  CHECKSUMS_ENTRY,
  MANIFEST_ENTRY,
  serverVersion,
} from './backup-archive.ts';

/** The copy and links of a running backup, in the storage folder (a hard link cannot cross file systems). */
export const STAGING_PREFIX = '.backup-';
const READ_CHUNK_BYTES = 1024 * 1024;
const GATHER_BYTES = 256 * 1024;
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

export interface BackupSource {
  /** The embedded database's folder (`pgliteFolder(DATA_DIR)`). */
  databaseFolder: string;
  /** The storage folder (the folder storage's root); it need not exist. */
  storageRoot: string;
  /**
   * The running server's `Database.still`. Null when no server runs on the data folder and the
   * caller holds its lock: then everything stands still, and is read where it is.
   */
  still: (<T>(work: () => Promise<T>) => Promise<T>) | null;
}

export interface PreparedBackup {
  manifest: BackupManifest;
  /** How long the running server's database waited for the copy and the links (requests waited as long). */
  heldMs: number;
  /** The archive (plain tar), read from the snapshot as it is asked for. Once. */
  chunks(): AsyncGenerator<Buffer>;
  /** Removes the copy and the links; call when the chunks were read, or abandoned. */
  cleanup(): Promise<void>;
}

interface Item {
  /** The path inside its area (`base/1/112`, `companies/1/logo.png`). */
  name: string;
  type: 'file' | 'directory';
  file: string;
  size: number;
  mtime: Date;
}

const isCode = (error: unknown, codes: Set<string> | string) => {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  return typeof codes === 'string' ? code === codes : codes.has(code);
};

/** Entries of a folder; none when it does not exist (any more). */
async function entriesOf(folder: string) {
  try {
    return await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  }
}

/** Skipped everywhere: files still being written (`*.partial`) and the links of a backup. */
const skipped = (name: string, top: boolean) =>
  name.endsWith(PARTIAL_SUFFIX) || (top && name.startsWith(STAGING_PREFIX));

/** Copies (`copy`: the database's files, changed in place) or hard links (the stored files, replaced by rename) of a tree. */
async function snapshotTree(from: string, to: string, how: 'copy' | 'link', relative = ''): Promise<void> {
  await fs.mkdir(path.join(to, relative), { recursive: true });
  for (const entry of await entriesOf(path.join(from, relative))) {
    if (skipped(entry.name, relative === '')) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await snapshotTree(from, to, how, child);
    else if (!entry.isFile()) continue;
    else if (how === 'copy')
      await fs.copyFile(path.join(from, child), path.join(to, child), constants.COPYFILE_FICLONE);
    else {
      try {
        await fs.link(path.join(from, child), path.join(to, child));
      } catch (error) {
        // Removed since the folder was read: nothing the database refers to (see above).
        if (isCode(error, 'ENOENT')) continue;
        if (isCode(error, CANNOT_LINK)) {
          throw new BackupError(
            `The storage folder ${from} does not take hard links (${(error as NodeJS.ErrnoException).code}), ` +
              'which a backup of a running server needs. Stop the server and run the backup again: it then reads the folder itself.',
          );
        }
        throw error;
      }
    }
  }
}

/** What is under `root`, in a stable order: files, and (`directories`) folders too, empty ones included. */
async function listTree(root: string, directories: boolean, relative = '', into: Item[] = []): Promise<Item[]> {
  const entries = (await entriesOf(path.join(root, relative))).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (skipped(entry.name, relative === '')) continue;
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    const file = path.join(root, name);
    if (entry.isDirectory()) {
      if (directories) into.push({ name, type: 'directory', file, size: 0, mtime: new Date(0) });
      await listTree(root, directories, name, into);
    } else if (entry.isFile()) {
      const stat = await fs.stat(file);
      into.push({ name, type: 'file', file, size: stat.size, mtime: stat.mtime });
    }
  }
  return into;
}

async function* hashed(
  name: string,
  size: number,
  mtime: Date,
  body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
  checksums: Record<string, string>,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  async function* hashing(): AsyncGenerator<Buffer | Uint8Array> {
    for await (const chunk of body) {
      hash.update(chunk);
      yield chunk;
    }
  }
  yield* tarFile({ name, size, mtime }, hashing());
  checksums[name] = hash.digest('hex');
}

/** The first `size` bytes of `file` (a tus upload being appended to grows meanwhile); a small file in one read. */
async function* readFirst(file: string, size: number): AsyncGenerator<Buffer> {
  if (size === 0) return;
  if (size > READ_CHUNK_BYTES) {
    yield* createReadStream(file, { start: 0, end: size - 1, highWaterMark: READ_CHUNK_BYTES });
    return;
  }
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    yield buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Small pieces (headers, padding, small files) gathered into writes of at least `bytes`. */
async function* gathered(chunks: AsyncIterable<Buffer>, bytes: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= bytes) {
      yield pending.length === 1 ? chunk : Buffer.concat(pending, size);
      pending = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(pending, size);
}

const totals = (items: Item[]) => {
  const files = items.filter((item) => item.type === 'file');
  return { files: files.length, bytes: files.reduce((sum, item) => sum + item.size, 0) };
};

/**
 * Takes the snapshot (with a running server: the copy and the links, in one wait of its
 * database). The archive is then read from it by `chunks()`.
 */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  const { databaseFolder, storageRoot, still } = source;
  if (!(await fs.stat(path.join(databaseFolder, 'PG_VERSION')).catch(() => null))) {
    throw new BackupError(`${databaseFolder} holds no embedded database to back up.`);
  }
  let staging: string | null = null;
  const cleanup = async () => {
    if (staging) await fs.rm(staging, { recursive: true, force: true });
  };
  try {
    let heldMs = 0;
    if (still) {
      await fs.mkdir(storageRoot, { recursive: true });
      // The copy and links of a backup that did not finish (its server stopped meanwhile).
      for (const entry of await entriesOf(storageRoot)) {
        if (entry.name.startsWith(STAGING_PREFIX)) await fs.rm(path.join(storageRoot, entry.name), { recursive: true });
      }
      const into = await fs.mkdtemp(path.join(storageRoot, STAGING_PREFIX));
      staging = into;
      const started = performance.now();
      await still(async () => {
        await snapshotTree(databaseFolder, path.join(into, 'pglite'), 'copy');
        await snapshotTree(storageRoot, path.join(into, 'storage'), 'link');
      });
      heldMs = Math.round(performance.now() - started);
    }
    const areas: Record<Area, Item[]> = {
      pglite: await listTree(staging ? path.join(staging, 'pglite') : databaseFolder, true),
      storage: await listTree(staging ? path.join(staging, 'storage') : storageRoot, false),
    };
    const versionFile = areas.pglite.find((item) => item.name === 'PG_VERSION');
    const postgresVersion = versionFile ? (await fs.readFile(versionFile.file, 'utf8')).trim().slice(0, 20) : '';
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: serverVersion(),
      mode: still ? 'online' : 'offline',
      database: { kind: 'pglite', postgresVersion, ...totals(areas.pglite) },
      storage: totals(areas.storage),
    };
    async function* pieces(): AsyncGenerator<Buffer> {
      const checksums: Record<string, string> = {};
      const text = Buffer.from(JSON.stringify(manifest, null, 2));
      yield* tarFile({ name: MANIFEST_ENTRY, size: text.length, mtime: new Date() }, [text]);
      for (const area of ['pglite', 'storage'] as const) {
        for (const item of areas[area]) {
          const name = `${area}/${item.name}`;
          if (item.type === 'directory') yield tarHeader({ name, type: 'directory', size: 0 });
          else yield* hashed(name, item.size, item.mtime, readFirst(item.file, item.size), checksums);
        }
      }
      const sums = Buffer.from(JSON.stringify(checksums));
      yield* tarFile({ name: CHECKSUMS_ENTRY, size: sums.length, mtime: new Date() }, [sums]);
      yield TAR_END;
    }
    const chunks = () => gathered(pieces(), GATHER_BYTES);
    return { manifest, heldMs, chunks, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
