import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackArchive } from './safe-archive.ts';
import { writeTestZip } from './zip-writer.test-support.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'safe-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const zipOf = (entries: Parameters<typeof writeTestZip>[1]) => {
  const file = path.join(dir, `t${++n}.zip`);
  writeTestZip(file, entries);
  return file;
};
const target = () => path.join(dir, `out${++n}`);

/** A deflate stream of `blocks` × 64 MiB of zeros, about 64 KiB each: a zip bomb without writing gigabytes. */
function zeroBomb(blocks: number) {
  const block = deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: blocks }, () => block), Buffer.from([0x03, 0x00])]);
}

describe('unpackArchive', () => {
  it('unpacks files, normalising Windows paths', async () => {
    const out = target();
    const files = await unpackArchive(
      zipOf([
        { name: 'model\\spider.obj', data: Buffer.from('v 0 0 0') },
        { name: 'textures/', data: Buffer.alloc(0) },
        { name: './textures/a.png', data: Buffer.from('png') },
      ]),
      out,
    );
    expect(files.map((f) => f.name)).toEqual(['model/spider.obj', 'textures/a.png']);
    expect(readFileSync(path.join(out, 'model', 'spider.obj'), 'utf8')).toBe('v 0 0 0');
  });

  it.each(['../evil.txt', '/etc/evil', 'C:/evil.txt', 'a/../../evil.txt', '..\\evil.txt'])(
    'refuses the path %s',
    async (name) => {
      await expect(unpackArchive(zipOf([{ name, data: Buffer.from('x') }]), target())).rejects.toThrow(
        /The archive contains a path outside its folder/,
      );
    },
  );

  it('refuses links', async () => {
    const file = zipOf([{ name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    await expect(unpackArchive(file, target())).rejects.toThrow('The archive contains a link (link)');
  });

  it('refuses more than 10,000 entries', async () => {
    const entries = Array.from({ length: 50_000 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.alloc(0) }));
    await expect(unpackArchive(zipOf(entries), target())).rejects.toThrow('The archive holds more than 10,000 files');
  });

  it('refuses archives whose declared size exceeds 4 GB', async () => {
    const bomb = zeroBomb(1);
    const entries = [1, 2].map((i) => ({
      name: `big${i}.bin`,
      deflated: { data: bomb, size: 4_000_000_000, crc: 0 },
    }));
    await expect(unpackArchive(zipOf(entries), target())).rejects.toThrow('The archive unpacks to more than 4.0 GB');
  });

  it('stops a zip bomb while streaming (5 GB of zeros, declared small)', async () => {
    const file = zipOf([{ name: 'bomb.bin', deflated: { data: zeroBomb(80), size: 1000, crc: 0 } }]);
    await expect(unpackArchive(file, target())).rejects.toThrow(/The archive/);
  });

  it('stops a zip bomb by its ratio and by the streamed total', async () => {
    const honest = {
      name: 'zeros.bin',
      deflated: { data: zeroBomb(1), size: 64 * 1024 * 1024, crc: crc32(Buffer.alloc(64 * 1024 * 1024)) },
    };
    await expect(unpackArchive(zipOf([honest]), target())).rejects.toThrow(
      'The archive contains a file that unpacks to an implausible size (zeros.bin)',
    );
    await expect(
      unpackArchive(zipOf([honest]), target(), { limits: { maxTotalBytes: 32 * 1024 * 1024, maxRatio: 1e9 } }),
    ).rejects.toThrow('The archive unpacks to more than 32.0 MB');
  });

  it('does not recurse into nested zips', async () => {
    const inner = zipOf([{ name: 'inner.obj', data: Buffer.from('v 0 0 0') }]);
    const files = await unpackArchive(zipOf([{ name: 'inner.zip', data: readFileSync(inner) }]), target());
    expect(files.map((f) => f.name)).toEqual(['inner.zip']);
  });

  it('refuses a file that is not a zip', async () => {
    const file = path.join(dir, 'not.zip');
    writeFileSync(file, 'PK but not really a zip file');
    await expect(unpackArchive(file, target())).rejects.toThrow(
      'The archive could not be read: it is damaged or not a zip file',
    );
  });
});
