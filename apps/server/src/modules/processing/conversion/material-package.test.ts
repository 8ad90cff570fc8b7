import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareMapImage, readMaterialPackage } from './material-package.ts';
import { writeTestZip } from './zip-writer.test-support.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'matz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An uncompressed 24-bit TGA, bottom-left origin, left half red, right half blue. */
function tga(width: number, height: number) {
  const header = Buffer.alloc(18);
  header[2] = 2;
  header.writeUInt16LE(width, 12);
  header.writeUInt16LE(height, 14);
  header[16] = 24;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const left = i % width < width / 2;
    pixels[i * 3] = left ? 0 : 255; // B
    pixels[i * 3 + 2] = left ? 255 : 0; // R
  }
  return Buffer.concat([header, pixels]);
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#8080ff' } })
    .png()
    .toBuffer();

describe('readMaterialPackage', () => {
  it('reads material.json, resolves Windows paths and letter case, converts maps to WebP ≤ 2048 px', async () => {
    const file = path.join(dir, 'brick.matz');
    writeTestZip(file, [
      {
        name: 'material.json',
        data: Buffer.from(
          JSON.stringify({
            format: 'meshport-material',
            version: 1,
            name: 'Brick',
            maps: { base_color: '.\\Textures\\ALBEDO.TGA', normal: 'textures/normal.png', height: 'missing.png' },
            factors: { roughness: 0.7 },
          }),
        ),
      },
      { name: 'textures/albedo.tga', data: tga(64, 32) },
      { name: 'textures/normal.png', data: await png(4096, 1024) },
    ]);
    const result = await readMaterialPackage(file, path.join(dir, 'work1'));
    expect(result.name).toBe('Brick');
    expect(result.factors).toEqual({ roughness: 0.7 });
    expect(result.warnings).toEqual(['The height map missing.png was not found in the package']);
    const albedo = await sharp(result.maps.base_color).raw().toBuffer({ resolveWithObject: true });
    expect(albedo.info.format === 'raw' && albedo.info.width).toBe(64);
    expect([albedo.data[0], albedo.data[2]]).toEqual([255, 0]); // top-left pixel is red
    const normal = await sharp(result.maps.normal).metadata();
    expect([normal.format, normal.width, normal.height]).toEqual(['webp', 2048, 512]);
  });

  it('refuses an invalid description with a message', async () => {
    const file = path.join(dir, 'bad.matz');
    writeTestZip(file, [
      { name: 'MATERIAL.JSON', data: Buffer.from('{"format":"other","version":1,"name":"x","maps":{}}') },
    ]);
    await expect(readMaterialPackage(file, path.join(dir, 'work2'))).rejects.toThrow(
      'material.json in the package is not a Meshport material description (format)',
    );
  });

  it('recognises maps by name without material.json', async () => {
    const file = path.join(dir, 'loose.zip');
    writeTestZip(file, [
      { name: 'wood_BaseColor.png', data: await png(16, 16) },
      { name: 'wood_Roughness.png', data: await png(16, 16) },
    ]);
    const result = await readMaterialPackage(file, path.join(dir, 'work3'));
    expect(Object.keys(result.maps).sort()).toEqual(['base_color', 'roughness']);
  });
});

describe('prepareMapImage', () => {
  it('refuses a file that is not an image', async () => {
    const file = path.join(dir, 'notes.png');
    writeFileSync(file, 'hello');
    await expect(prepareMapImage(file, path.join(dir, 'o.webp'))).rejects.toThrow(/notes\.png is not an image format/);
  });
});
