import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, TarFormatError } from './tar-reader.ts';
import { TAR_END, tarFile, tarHeader } from './tar-writer.ts';

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* archiveOf(files: { name: string; data: Buffer }[], directories: string[] = []): AsyncGenerator<Buffer> {
  for (const name of directories) yield tarHeader({ name, type: 'directory', size: 0 });
  for (const { name, data } of files) yield* tarFile({ name, size: data.length }, [data]);
  yield TAR_END;
}

async function entriesOf(archive: Buffer | AsyncIterable<Buffer>) {
  const found: { name: string; type: string; data: string }[] = [];
  for await (const entry of readTar(Buffer.isBuffer(archive) ? [archive] : archive)) {
    found.push({ name: entry.name, type: entry.type, data: (await collect(entry.body)).toString('utf8') });
  }
  return found;
}

/** A header with its type flag changed (and its checksum made right again), as another tool could write it. */
function withTypeflag(header: Buffer, flag: string, linkTarget = ''): Buffer {
  const block = Buffer.from(header.subarray(header.length - 512));
  block.write(flag, 156, 'ascii');
  block.write(linkTarget, 157, 100, 'utf8');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const LONG = `storage/companies/1/${'deep/'.repeat(30)}model.glb`;
const SPLIT = `storage/companies/1/projects/22/models/333/${'x'.repeat(90)}.glb`;
const UNICODE = 'storage/companies/1/modèle-ü.glb';

describe('tar writer and reader', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-tar-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads back what it wrote: short, split, long and non-ASCII names, empty and multi-block files', async () => {
    const files = [
      { name: 'manifest.json', data: Buffer.from('{"a":1}') },
      { name: SPLIT, data: Buffer.alloc(1500, 7) },
      { name: LONG, data: Buffer.from('long') },
      { name: UNICODE, data: Buffer.from('ü') },
      { name: 'storage/empty', data: Buffer.alloc(0) },
    ];
    const archive = await collect(archiveOf(files, ['pglite/base']));
    expect(archive.length % 512).toBe(0);
    const found = await entriesOf(archive);
    expect(found.map((entry) => entry.name)).toEqual(['pglite/base', ...files.map((file) => file.name)]);
    expect(found[0]?.type).toBe('directory');
    expect(found[2]?.data).toBe(Buffer.alloc(1500, 7).toString('utf8'));
    expect(found[4]?.data).toBe('ü');
  });

  it('writes archives GNU tar lists and extracts the same', async () => {
    const file = path.join(dir, 'a.tar');
    const data = Buffer.alloc(70_000, 1);
    fs.writeFileSync(
      file,
      await collect(
        archiveOf([
          { name: LONG, data },
          { name: UNICODE, data: Buffer.from('x') },
        ]),
      ),
    );
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([LONG, UNICODE]);
    execFileSync('tar', ['-xf', file, '-C', dir]);
    expect(fs.readFileSync(path.join(dir, LONG))).toEqual(data);
  });

  it('skips a body left unread, in any number of source chunks', async () => {
    const archive = await collect(
      archiveOf([
        { name: 'a', data: Buffer.alloc(5000, 1) },
        { name: 'b', data: Buffer.from('second') },
      ]),
    );
    // One byte per chunk: every boundary falls somewhere else.
    async function* bytewise() {
      for (let i = 0; i < archive.length; i += 333) yield archive.subarray(i, i + 333);
    }
    const names: string[] = [];
    for await (const entry of readTar(bytewise())) {
      names.push(entry.name);
      if (entry.name === 'b') expect((await collect(entry.body)).toString()).toBe('second');
    }
    expect(names).toEqual(['a', 'b']);
  });

  it('takes a size beyond ustar’s 8 GiB from a pax header', async () => {
    const header = tarHeader({ name: 'storage/huge', type: 'file', size: 9 * 1024 ** 3 });
    expect(header.toString('latin1')).toContain('size=9663676416');
    const entries = readTar([header]);
    const first = await entries.next();
    expect(first.value).toMatchObject({ name: 'storage/huge', size: 9 * 1024 ** 3 });
    await expect(entries.next()).rejects.toThrow(/truncated/);
  });
});

describe('tar reader refuses what it does not trust', () => {
  const good = async () => collect(archiveOf([{ name: 'storage/a', data: Buffer.alloc(1200, 3) }]));

  it.each([
    ['2', 'a symbolic link'],
    ['1', 'a hard link'],
    ['3', 'a character device'],
    ['6', 'a FIFO'],
    ['L', 'a GNU long name'],
  ])('an entry of type %s (%s)', async (flag, what) => {
    const link = withTypeflag(tarHeader({ name: 'storage/link', type: 'file', size: 0 }), flag, '/etc/passwd');
    await expect(entriesOf(Buffer.concat([link, TAR_END]))).rejects.toThrow(`it holds ${what}`);
  });

  it('a pax header naming a link target', async () => {
    const record = '24 linkpath=/etc/shadow\n';
    const pax = withTypeflag(tarHeader({ name: 'PaxHeader', type: 'file', size: record.length }), 'x');
    const data = Buffer.concat([Buffer.from(record), Buffer.alloc(512 - record.length)]);
    const archive = Buffer.concat([pax, data, tarHeader({ name: 'storage/a', type: 'file', size: 0 }), TAR_END]);
    await expect(entriesOf(archive)).rejects.toThrow(/link/);
  });

  it('an archive cut short: inside a body, at an entry boundary, inside the end marker', async () => {
    const archive = await good();
    for (const cut of [700, 512 + 1536, archive.length - 600]) {
      await expect(entriesOf(archive.subarray(0, cut))).rejects.toThrow(TarFormatError);
    }
    await expect(entriesOf(Buffer.alloc(0))).rejects.toThrow(/truncated/);
  });

  it('a damaged header (checksum), a header that is not ustar, data after the end marker', async () => {
    const archive = await good();
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    await expect(entriesOf(damaged)).rejects.toThrow(/checksum/);
    await expect(entriesOf(Buffer.alloc(2048, 0x41))).rejects.toThrow(/not a ustar header/);
    await expect(entriesOf(Buffer.concat([archive, Buffer.from('trailing')]))).rejects.toThrow(/follows its end/);
    // Zeros after the end marker are a blocking factor's padding: fine.
    expect(await entriesOf(Buffer.concat([archive, Buffer.alloc(8192)]))).toHaveLength(1);
  });

  it('size and number fields that are not octal', async () => {
    const header = Buffer.from(tarHeader({ name: 'storage/a', type: 'file', size: 1 }));
    header.write('9999', 124, 'ascii');
    header.fill(' ', 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    await expect(entriesOf(Buffer.concat([header, Buffer.alloc(512), TAR_END]))).rejects.toThrow(/octal/);
  });
});
