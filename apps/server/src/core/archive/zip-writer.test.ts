import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipFiles } from './zip-writer.ts';

/** Every entry of a zip as yauzl reads it (CRC checked by yauzl while reading). */
async function readBack(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return entries;
}

describe('zipFiles', () => {
  it('writes an archive yauzl reads back byte for byte', async () => {
    const random = Buffer.alloc(70_000);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    const files = [
      { name: 'model.obj', data: Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'.repeat(200)) },
      { name: 'textures/eiken blad.png', data: random },
      { name: 'leeg.txt', data: Buffer.alloc(0) },
      { name: 'ünïcode.mtl', data: Buffer.from('newmtl a\nKd 1 0 0\n') },
    ];
    const entries = await readBack(zipFiles(files));
    expect([...entries.keys()]).toEqual(files.map((file) => file.name));
    for (const file of files) expect(entries.get(file.name)?.equals(file.data)).toBe(true);
  });

  it('writes the same bytes for the same files', () => {
    const files = [{ name: 'a.txt', data: Buffer.from('kitchen') }];
    expect(zipFiles(files).equals(zipFiles(files))).toBe(true);
  });
});
