import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar } from '#core/archive/tar-reader.ts';
import { BackupError } from './backup-archive.ts';
import { backupHandler, CONTROL_SOCKET, listenForBackups, requestBackup } from './backup-socket.ts';

const quiet = { info: () => {}, warn: () => {} };

describe('the backup socket in the data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-socket-'));
  const databaseFolder = path.join(dataDir, 'pglite');
  const storageRoot = path.join(dataDir, 'storage');
  let stop: () => Promise<void> = async () => {};
  /** Resolves the wait the first backup is in, once the test says so. */
  let letGo: () => void = () => {};
  let stillCalls = 0;

  beforeAll(async () => {
    // Files standing in for a database: the snapshot copies whatever the folder holds.
    fs.mkdirSync(path.join(databaseFolder, 'base/1'), { recursive: true });
    fs.mkdirSync(path.join(databaseFolder, 'pg_tblspc'));
    fs.writeFileSync(path.join(databaseFolder, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(databaseFolder, 'base/1/112'), Buffer.alloc(8192, 1));
    fs.mkdirSync(path.join(storageRoot, 'companies/1'), { recursive: true });
    fs.writeFileSync(path.join(storageRoot, 'companies/1/logo.png'), 'logo');
    // A socket file a crashed server left: replaced.
    fs.writeFileSync(path.join(dataDir, CONTROL_SOCKET), '');
    const still = async <T>(work: () => Promise<T>): Promise<T> => {
      stillCalls += 1;
      if (stillCalls === 1) await new Promise<void>((resolve) => (letGo = resolve));
      return work();
    };
    stop = await listenForBackups(dataDir, backupHandler({ databaseFolder, storageRoot, still }, quiet), quiet);
  });

  afterAll(async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is for the data folder’s owner only', () => {
    const stat = fs.statSync(path.join(dataDir, CONTROL_SOCKET));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('streams the archive; a second request while one runs is refused', async () => {
    const first = requestBackup(dataDir, 1);
    await expect.poll(() => stillCalls).toBe(1);
    await expect(requestBackup(dataDir, 1)).rejects.toThrow(/being taken already/);
    letGo();
    const { manifest, body } = await first;
    expect(manifest).toMatchObject({
      mode: 'online',
      database: { files: 2, postgresVersion: '18' },
      storage: { files: 1 },
    });
    const names: string[] = [];
    for await (const entry of readTar(body)) names.push(`${entry.type === 'directory' ? 'd' : 'f'} ${entry.name}`);
    expect(names).toEqual([
      'f manifest.json',
      'f pglite/PG_VERSION',
      'd pglite/base',
      'd pglite/base/1',
      'f pglite/base/1/112',
      'd pglite/pg_tblspc',
      'f storage/companies/1/logo.png',
      'f checksums.json',
    ]);
    // The copy and the links are gone once the archive is sent.
    await expect.poll(() => fs.readdirSync(storageRoot)).toEqual(['companies']);
  });

  it('says why a backup cannot be taken', async () => {
    fs.renameSync(path.join(databaseFolder, 'PG_VERSION'), path.join(databaseFolder, 'PG_VERSION.moved'));
    try {
      await expect(requestBackup(dataDir, 1)).rejects.toThrow(/holds no embedded database/);
    } finally {
      fs.renameSync(path.join(databaseFolder, 'PG_VERSION.moved'), path.join(databaseFolder, 'PG_VERSION'));
    }
  });

  it('tells the command when the process holding the folder takes no requests', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-nosocket-'));
    try {
      await expect(requestBackup(elsewhere, 4242)).rejects.toThrow(BackupError);
      await expect(requestBackup(elsewhere, 4242)).rejects.toThrow(/pid 4242.*takes no backup requests/);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
