import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '#modules/processing/conversion/converter.ts';
import { gltfIO } from '#modules/processing/conversion/gltf-io.ts';
import {
  BROKEN_DEMO_FILES,
  DEMO_FILE_NAMES,
  DEMO_MATERIAL_NAMES,
  demoFile,
  demoMaterialMaps,
  demoParts,
  MATERIAL_MAP_SIZE,
} from './demo-catalogue.ts';
import { sizeOf } from './demo-geometry.ts';
import { paletteEntry } from './demo-palette.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'demo-catalogue-'));
const converter = new Converter();
let n = 0;

afterAll(async () => {
  await converter.close();
  rmSync(dir, { recursive: true, force: true });
});

async function convert(recordName: string) {
  const file = await demoFile(recordName);
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const filePath = path.join(workDir, file.fileName);
  writeFileSync(filePath, file.bytes);
  const outputPath = path.join(workDir, 'out.glb');
  const result = await converter.convert({ filePath, fileName: file.fileName, workDir, outputPath }, () => {});
  return { result, outputPath, file };
}

const textured = (recordName: string) => demoParts(recordName).some((part) => paletteEntry(part.material).maps);
const sound = DEMO_FILE_NAMES.filter((name) => !BROKEN_DEMO_FILES.includes(name));

describe('demo files through the real converter', () => {
  it.each(sound)('%s finishes with no validator errors, in the size it was built', async (recordName) => {
    const { result, outputPath, file } = await convert(recordName);
    const { figures } = result;
    expect(file.bytes.length).toBeLessThan(2 * 1024 * 1024);
    expect(figures.validatorErrors).toBe(0);
    expect(figures.bounds).not.toBeNull();
    const { min, max } = figures.bounds ?? { min: [0, 0, 0], max: [0, 0, 0] };
    const built = sizeOf(demoParts(recordName));
    for (const axis of [0, 1, 2]) {
      expect(Math.abs((max[axis] as number) - (min[axis] as number) - (built[axis] as number))).toBeLessThanOrEqual(
        0.01,
      );
    }
    if (file.fileName.endsWith('.stl')) expect(figures.placement).toMatchObject({ units: 'mm', from: 'format' });
    if (textured(recordName) && !/\.(stl|ply|dae)$/.test(file.fileName)) {
      expect(figures.textures).toBeGreaterThan(0);
      const output = await (await gltfIO()).read(outputPath);
      expect(output.getRoot().listTextures().length).toBeGreaterThan(0);
    }
  });

  it('fails the grill GLB cut off in its binary chunk, saying it is cut short', async () => {
    const error = await convert('Outdoor Grill Station').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toMatch(/GLB file is damaged: its binary container could not be read/);
  });

  it('fails the sink bundle that holds no model, saying so', async () => {
    const error = await convert('Sink Unit 80cm').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toMatch(/archive holds no 3D model/);
  });

  it('throws for a record name it has no file for', async () => {
    await expect(demoFile('Kitchen Sink Deluxe')).rejects.toThrow(/No demo file/);
  });
});

describe('demo material maps', () => {
  it.each(DEMO_MATERIAL_NAMES)('%s: three PNGs of 512², the normals pointing out of the surface', async (name) => {
    const maps = await demoMaterialMaps(name);
    for (const image of [maps.base_color, maps.normal, maps.roughness]) {
      const meta = await sharp(image).metadata();
      expect(meta).toMatchObject({ format: 'png', width: MATERIAL_MAP_SIZE, height: MATERIAL_MAP_SIZE });
    }
    const stats = await sharp(maps.normal).stats();
    const [red, green, blue] = stats.channels;
    expect(blue?.mean).toBeGreaterThan(200);
    expect(Math.abs((red?.mean ?? 0) - 128)).toBeLessThan(20);
    expect(Math.abs((green?.mean ?? 0) - 128)).toBeLessThan(20);
    // Roughness varies a little, not flat.
    expect((await sharp(maps.roughness).stats()).channels[0]?.stdev).toBeGreaterThan(0.5);
  });

  it('gives the metals a white metallic map and the other materials none', async () => {
    for (const name of DEMO_MATERIAL_NAMES) {
      const { metallic } = await demoMaterialMaps(name);
      if (name === 'Brushed Steel' || name === 'Brass Satin') {
        expect(metallic, name).toBeDefined();
        const stats = await sharp(metallic).stats();
        expect(stats.channels[0]?.min, name).toBe(255);
      } else {
        expect(metallic, name).toBeUndefined();
      }
    }
  });

  it('keeps polished stone nearly flat and gives wood more relief than stone', async () => {
    const flatness = async (name: string) =>
      (await sharp((await demoMaterialMaps(name)).normal).stats()).channels[2]?.mean ?? 0;
    for (const stone of ['Carrara Marble', 'Nero Marquina']) expect(await flatness(stone), stone).toBeGreaterThan(253);
    expect(await flatness('Oak Natural')).toBeLessThan(await flatness('Carrara Marble'));
  });

  it('throws for a name that is not a demo material', async () => {
    await expect(demoMaterialMaps('Granite Pink')).rejects.toThrow(/No demo material/);
  });
});
