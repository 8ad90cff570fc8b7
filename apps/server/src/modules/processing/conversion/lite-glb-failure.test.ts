import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runConversion } from './conversion-pipeline.ts';
import { gltfIO } from './gltf-io.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lite-failure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a light version that cannot be made', () => {
  it('leaves the conversion finished, without one', async () => {
    const noise = Buffer.alloc(2048 * 2048 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const doc = new Document();
    const buffer = doc.createBuffer();
    const texture = doc
      .createTexture('noise')
      .setImage(
        new Uint8Array(
          await sharp(noise, { raw: { width: 2048, height: 2048, channels: 3 } })
            .png()
            .toBuffer(),
        ),
      )
      .setMimeType('image/png');
    const accessor = (type: 'VEC2' | 'VEC3', array: Float32Array) =>
      doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])))
      .setAttribute('TEXCOORD_0', accessor('VEC2', new Float32Array([0, 0, 1, 0, 0, 1])))
      .setMaterial(doc.createMaterial('Door').setBaseColorTexture(texture));
    doc.createScene().addChild(doc.createNode('n').setMesh(doc.createMesh('m').addPrimitive(prim)));
    const source = path.join(dir, 'heavy.glb');
    writeFileSync(source, await (await gltfIO()).writeBinary(doc));
    const outputPath = path.join(dir, 'out', 'model.glb');
    // A folder where the light version would be written: a real failure (EISDIR), after it was made.
    mkdirSync(path.join(dir, 'out', 'model-lite.glb'), { recursive: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await runConversion(
      { filePath: source, fileName: 'heavy.glb', workDir: path.join(dir, 'work'), outputPath },
      () => {},
    );
    expect(statSync(outputPath).size).toBeGreaterThan(1024 * 1024);
    expect(result.lite).toBeNull();
    expect(errors).toHaveBeenCalledWith('[converter] the light version could not be made:', expect.any(Error));
    errors.mockRestore();
  }, 60_000);
});
