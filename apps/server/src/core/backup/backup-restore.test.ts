import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAR_END, tarFile, tarHeader } from '#core/archive/tar-writer.ts';
import { DataDirLockedError } from '#core/db/data-dir-lock.ts';
import { type Database, openDatabase, pgliteFolder, queryRows } from '#core/db/database.ts';
import { storageFolder } from '#core/storage/create-storage.ts';
import { FolderStorage } from '#core/storage/folder-storage.ts';
import { BACKUP_FORMAT, type BackupManifest } from './backup-archive.ts';
import { restoreBackup } from './backup-restore.ts';
import { prepareBackup } from './backup-snapshot.ts';

const MARKER = Buffer.from('MESHPORT-BACKUP-TEST-MARKER');
const IMAGE = Buffer.concat([MARKER, randomBytes(300_000)]);
const UPLOAD = randomBytes(70_000);

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

const manifest: BackupManifest = {
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: new Date().toISOString(),
  serverVersion: 'test',
  mode: 'offline',
  database: { kind: 'pglite', postgresVersion: '18', files: 1, bytes: 1 },
  storage: { files: 0, bytes: 0 },
};

/** An archive as an attacker would write it: a valid manifest, then `entries` as given. */
async function hostile(entries: Buffer[], head: Record<string, unknown> = manifest): Promise<Buffer> {
  const text = Buffer.from(JSON.stringify(head));
  return Buffer.concat([
    await collect(tarFile({ name: 'manifest.json', size: text.length }, [text])),
    ...entries,
    TAR_END,
  ]);
}

const fileEntry = async (name: string, data = Buffer.from('x')) =>
  collect(tarFile({ name, size: data.length }, [data]));

/** `header` with another type flag (and its checksum made right), as another tool could write it. */
function withTypeflag(header: Buffer, flag: string, linkTarget: string): Buffer {
  const block = Buffer.from(header);
  block.write(flag, 156, 'ascii');
  block.write(linkTarget, 157, 100, 'utf8');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

describe('backup and restore of the embedded database with its stored files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-backup-'));
  const dataDir = path.join(root, 'data');
  const storage = new FolderStorage(storageFolder({ dataDir }));
  let database: Database;
  let archive: Buffer;
  const archiveFile = path.join(root, 'backup.tar');
  let restoredCount = 0;
  const fresh = () => path.join(root, `restore-${++restoredCount}`);
  const write = (name: string, data: Buffer) => {
    const file = path.join(root, name);
    fs.writeFileSync(file, data);
    return file;
  };
  /** What a data folder holds, apart from the lock file. */
  const source = () => ({ databaseFolder: pgliteFolder(dataDir), storageRoot: storage.root });
  const contents = (dir: string) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n !== 'meshport.lock') : [];

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir, queueTimeoutMs: null });
    await database.system.execute(sql`create table notes (id int primary key, image text)`);
    await database.system.execute(sql`insert into notes values (1, 'companies/1/image.bin'), (2, 'uploads/abc')`);
    await storage.put('companies/1/image.bin', IMAGE);
    await storage.put('uploads/abc', UPLOAD);
    // A file still coming in: never part of a backup.
    fs.writeFileSync(path.join(storage.root, 'companies/1/next.bin.0a1b2c.partial'), 'half');
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a running server’s backup holds every committed row, and the files they refer to even when removed after it', async () => {
    // Committed just before, not checkpointed: in the copied WAL only.
    await database.system.execute(sql`insert into notes select g, 'none' from generate_series(3, 2002) g`);
    const prepared = await prepareBackup({ ...source(), still: database.still ?? null });
    expect(prepared.manifest).toMatchObject({
      mode: 'online',
      storage: { files: 2, bytes: IMAGE.length + UPLOAD.length },
    });
    expect(prepared.manifest.database.files).toBeGreaterThan(100);
    // After the snapshot: the row and its file go, another file comes. Neither changes the archive.
    await database.system.execute(sql`delete from notes where id = 1`);
    await storage.remove('companies/1/image.bin');
    await storage.put('companies/1/later.bin', Buffer.from('later'));
    archive = await collect(prepared.chunks());
    await prepared.cleanup();
    expect(fs.readdirSync(storage.root).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    fs.writeFileSync(archiveFile, archive);

    const target = fresh();
    const restored = await restoreBackup({ archive: archiveFile, dataDir: target });
    expect(restored).toMatchObject({ files: prepared.manifest.database.files + 2, replaced: [] });
    expect(restored.tables).toBeGreaterThanOrEqual(1);
    const files = new FolderStorage(path.join(target, 'storage'));
    expect(fs.readFileSync(files.resolve('companies/1/image.bin'))).toEqual(IMAGE);
    expect(fs.readFileSync(files.resolve('uploads/abc'))).toEqual(UPLOAD);
    expect(await files.exists('companies/1/later.bin')).toBe(false);
    expect(fs.readdirSync(path.join(target, 'storage/companies/1'))).toEqual(['image.bin']);
    expect(contents(target).sort()).toEqual(['pglite', 'storage']);
    const copy = await openDatabase({ kind: 'pglite', dataDir: target, queueTimeoutMs: null });
    try {
      expect(await queryRows(copy.system, sql`select id, image from notes where id <= 2 order by id`)).toEqual([
        { id: 1, image: 'companies/1/image.bin' },
        { id: 2, image: 'uploads/abc' },
      ]);
      expect(await queryRows(copy.system, sql`select count(*)::int as n from notes`)).toEqual([{ n: 2002 }]);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('no statement runs while the database is still', async () => {
    const order: string[] = [];
    let query: Promise<unknown> = Promise.resolve();
    await database.still?.(async () => {
      query = database.system.execute(sql`select 1`).then(() => order.push('statement'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('copied');
    });
    await query;
    expect(order).toEqual(['copied', 'statement']);
  });

  it('an offline backup reads the folder itself; a gzipped archive restores the same', async () => {
    const prepared = await prepareBackup({ ...source(), still: null });
    expect(prepared.manifest.mode).toBe('offline');
    const gz = write('offline.tar.gz', gzipSync(await collect(prepared.chunks())));
    await prepared.cleanup();
    const target = fresh();
    await restoreBackup({ archive: gz, dataDir: target });
    expect(fs.readFileSync(path.join(target, 'storage/companies/1/later.bin'), 'utf8')).toBe('later');
  }, 120_000);

  it('refuses a data folder that holds something, unless forced; then replaces database and files only', async () => {
    const target = fresh();
    fs.mkdirSync(path.join(target, 'storage/old'), { recursive: true });
    fs.writeFileSync(path.join(target, 'storage/old/file'), 'old');
    fs.mkdirSync(path.join(target, 'mail'));
    await expect(restoreBackup({ archive: archiveFile, dataDir: target })).rejects.toThrow(/is not empty.*--force/);
    expect(fs.readFileSync(path.join(target, 'storage/old/file'), 'utf8')).toBe('old');
    const restored = await restoreBackup({ archive: archiveFile, dataDir: target, force: true });
    expect(restored.replaced).toEqual(['storage']);
    expect(contents(target).sort()).toEqual(['mail', 'pglite', 'storage']);
    expect(fs.existsSync(path.join(target, 'storage/old'))).toBe(false);
  }, 120_000);

  it('refuses a data folder another process holds', async () => {
    const target = fresh();
    fs.mkdirSync(target);
    const holder: ChildProcess = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(target, 'meshport.lock'), String(holder.pid));
      await expect(restoreBackup({ archive: archiveFile, dataDir: target })).rejects.toThrow(DataDirLockedError);
    } finally {
      holder.kill();
    }
  });

  describe('refuses a damaged or hostile archive, and leaves the data folder as it was', () => {
    const refused = async (file: string, message: RegExp) => {
      const target = fresh();
      await expect(restoreBackup({ archive: file, dataDir: target })).rejects.toThrow(message);
      expect(contents(target)).toEqual([]);
      expect(fs.existsSync(path.join(root, 'evil'))).toBe(false);
    };

    it.each([
      ['../evil', /outside pglite|\.\. segment/],
      ['storage/../../evil', /\.\. segment/],
      ['pglite/base/../../../evil', /\.\. segment/],
      ['/evil', /absolute path/],
      ['C:/evil', /absolute path/],
      ['storage/a\\..\\..\\evil', /backslash/],
      ['storage//evil', /empty/],
      ['etc/evil', /outside pglite/],
      ['storage/companies/1/x.partial', /reserved suffix/],
    ])('a path such as %s', async (name, message) => {
      await refused(write('hostile.tar', await hostile([await fileEntry(name)])), message);
    });

    it('a symbolic or hard link', async () => {
      const header = tarHeader({ name: 'storage/link', type: 'file', size: 0 });
      await refused(write('symlink.tar', await hostile([withTypeflag(header, '2', '/etc')])), /symbolic link/);
      await refused(write('hardlink.tar', await hostile([withTypeflag(header, '1', '../../evil')])), /hard link/);
    });

    it('an archive cut short, plain or gzipped', async () => {
      await refused(write('cut.tar', archive.subarray(0, Math.floor(archive.length / 2))), /damaged|truncated/);
      await refused(write('cut-end.tar', archive.subarray(0, archive.length - 1024)), /incomplete|truncated/);
      const gz = gzipSync(archive);
      await refused(write('cut.tar.gz', gz.subarray(0, gz.length - 100)), /compression|cut short/);
    });

    it('a stored file whose bytes changed', async () => {
      const damaged = Buffer.from(archive);
      const at = damaged.indexOf(MARKER);
      damaged[at + 1] = (damaged[at + 1] as number) ^ 0xff;
      await refused(write('damaged.tar', damaged), /checksum does not match/);
    });

    it('something else than a Meshport backup, or one of a newer format', async () => {
      await refused(
        write('other.tar', Buffer.concat([await fileEntry('storage/a'), TAR_END])),
        /start with its manifest/,
      );
      await refused(write('newer.tar', await hostile([], { ...manifest, version: 99 })), /newer Meshport/);
      await refused(write('noise.tar', randomBytes(4096)), /damaged or not a backup/);
      await refused(write('nothing.tar', await collect(Readable.from([TAR_END]))), /empty/);
    });

    it('an archive without its checksums, or whose counts differ from its manifest', async () => {
      await refused(write('no-sums.tar', await hostile([await fileEntry('pglite/PG_VERSION')])), /checksums/);
      const sums = Buffer.from(JSON.stringify({}));
      const entries = [await collect(tarFile({ name: 'checksums.json', size: sums.length }, [sums]))];
      await refused(write('no-db.tar', await hostile(entries)), /do not add up|no database/);
    });
  });
});
