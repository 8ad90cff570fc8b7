import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#test/s3-server.ts';
import { StorageKeyError } from './file-storage.ts';
import { S3_PART_BYTES, S3Storage } from './s3-storage.ts';

describe('S3 storage (s3rver)', () => {
  let s3: TestS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
  });
  afterAll(() => s3?.stop());

  it('puts, reads, sizes and removes small values', async () => {
    await storage.put('companies/acme/logo.svg', '<svg/>');
    expect(await text(storage.read('companies/acme/logo.svg'))).toBe('<svg/>');
    expect(await storage.size('companies/acme/logo.svg')).toBe(6);
    expect(await storage.exists('companies/acme/logo.svg')).toBe(true);
    await storage.remove('companies/acme/logo.svg');
    await storage.remove('companies/acme/logo.svg');
    expect(await storage.size('companies/acme/logo.svg')).toBeNull();
    await expect(text(storage.read('companies/acme/logo.svg'))).rejects.toThrow();
  });

  it('streams a body larger than a part as a multipart upload, and downloads it to a file', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'm');
    const count = Math.ceil((S3_PART_BYTES * 2.5) / chunk.length);
    await storage.putStream('models/7/mesh.bin', Readable.from(Array.from({ length: count }, () => chunk)));
    expect(await storage.size('models/7/mesh.bin')).toBe(count * chunk.length);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-s3-down-'));
    try {
      const local = path.join(dir, 'mesh.bin');
      await storage.downloadTo('models/7/mesh.bin', local);
      expect(fs.statSync(local).size).toBe(count * chunk.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves nothing under the key when the stream fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(S3_PART_BYTES + 10, 1);
        throw new Error('connection lost');
      })(),
    );
    await expect(storage.putStream('reports/r.bin', failing)).rejects.toThrow(/connection lost/);
    expect(await storage.exists('reports/r.bin')).toBe(false);
  });

  it('refuses the keys the folder refuses', async () => {
    for (const key of ['../secret', '/etc/passwd', 'a//b', 'a/./b', '%2e%2e/x', 'a\\b', '', 'x.partial']) {
      expect(() => storage.read(key), key).toThrow(StorageKeyError);
      await expect(storage.put(key, 'x'), key).rejects.toThrow(StorageKeyError);
      expect(await storage.exists(key), key).toBe(false);
    }
  });
});
