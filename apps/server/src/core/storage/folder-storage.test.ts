import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageKeyError } from './file-storage.ts';
import { FolderStorage } from './folder-storage.ts';

describe('file storage', () => {
  let dir: string;
  let root: string;
  let storage: FolderStorage;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-storage-'));
    root = path.join(dir, 'storage');
    storage = new FolderStorage(root);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const filesUnder = (folder: string): string[] =>
    fs.readdirSync(folder, { recursive: true, withFileTypes: true }).flatMap((entry) => {
      if (!entry.isFile()) return [];
      return [path.relative(folder, path.join(entry.parentPath, entry.name))];
    });

  it('streams a large file in and back out, chunk by chunk', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'm');
    let sent = 0;
    const source = new Readable({
      read() {
        sent += 1;
        this.push(sent <= 64 ? chunk : null);
      },
    });
    await storage.putStream('models/7/mesh.bin', source);
    expect(await storage.exists('models/7/mesh.bin')).toBe(true);
    let received = 0;
    let chunks = 0;
    for await (const part of storage.read('models/7/mesh.bin')) {
      received += (part as Buffer).length;
      chunks += 1;
    }
    expect(received).toBe(64 * chunk.length);
    expect(chunks).toBeGreaterThan(1);
    expect(filesUnder(root)).toEqual([path.join('models', '7', 'mesh.bin')]);
  });

  it('keeps put() for small values, and reads them back', async () => {
    await storage.put('companies/acme/logo.svg', '<svg/>');
    expect(await text(storage.read('companies/acme/logo.svg'))).toBe('<svg/>');
  });

  it('never shows a partial write under the key: a failing stream leaves the old file and no temporary file', async () => {
    await storage.put('reports/r.txt', 'old');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 'x'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.putStream('reports/r.txt', failing)).rejects.toThrow(/connection lost/);
    expect(await text(storage.read('reports/r.txt'))).toBe('old');
    await expect(storage.putStream('reports/new.txt', Readable.from(failingChunks()))).rejects.toThrow(/cut/);
    expect(await storage.exists('reports/new.txt')).toBe(false);
    expect(filesUnder(root)).toEqual([path.join('reports', 'r.txt')]);
  });

  it('shows the whole new file once the stream ends', async () => {
    await storage.put('reports/r.txt', 'old');
    await storage.putStream('reports/r.txt', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect(await text(storage.read('reports/r.txt'))).toBe('new content');
  });

  it('refuses keys that climb out of the folder, in any spelling', async () => {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    const outside = [
      '../secret.txt',
      'a/../../secret.txt',
      '..',
      '.',
      'a/./b',
      '/etc/passwd',
      path.join(dir, 'secret.txt'),
      '..%2fsecret.txt',
      '%2e%2e/secret.txt',
      '%2E%2E%2Fsecret.txt',
      '%252e%252e/secret.txt',
      '..\\secret.txt',
      'a\\..\\..\\secret.txt',
      'a\0b',
      '',
      'a//b',
      'trailing/',
    ];
    for (const key of outside) {
      expect(() => storage.read(key), key).toThrow(StorageKeyError);
      await expect(storage.put(key, 'x'), key).rejects.toThrow(StorageKeyError);
      await expect(storage.putStream(key, Readable.from(['x'])), key).rejects.toThrow(StorageKeyError);
      expect(await storage.exists(key), key).toBe(false);
    }
    expect(fs.readFileSync(path.join(dir, 'secret.txt'), 'utf8')).toBe('secret');
    expect(filesUnder(dir)).toEqual(['secret.txt']);
  });

  it('works from a relative root too', async () => {
    const relative = new FolderStorage(path.relative(process.cwd(), root));
    await relative.put('a/b.txt', 'b');
    expect(await storage.exists('a/b.txt')).toBe(true);
  });
});

async function* failingChunks() {
  yield Buffer.from('partial');
  throw new Error('cut');
}
