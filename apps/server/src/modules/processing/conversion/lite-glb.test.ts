import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { gltfIO } from './gltf-io.ts';
import { validateGlb } from './gltf-validation.ts';
import { LITE_MAX_TRIANGLES, LITE_SHARE, LITE_TEXTURE_PX } from './lite-glb.ts';
import { decodeMeshoptGlb } from './meshopt-plain.ts';
import { geometryFigures } from './optimise-step.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lite-glb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Noise, which compresses badly: a texture that weighs what a photographed one does. */
async function noisePng(size: number, seed: number) {
  const data = Buffer.alloc(size * size * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    data[i] = (x >>> 16) & 0xff;
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A finely divided sphere, one primitive per material, each material with its own 1024 px base colour. */
async function heavyModel(file: string, materials: string[]) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('scene');
  doc.getRoot().setDefaultScene(scene);
  const rings = 160;
  const segments = 320;
  const created = [];
  for (const [index, name] of materials.entries()) {
    const texture = doc
      .createTexture(`${name}-colour`)
      .setImage(await noisePng(1024, index + 1))
      .setMimeType('image/png');
    created.push(doc.createMaterial(name).setBaseColorTexture(texture));
  }
  // Made in the reverse order of their use: the order of the file's materials must hold, not the order of use.
  for (const [index, material] of [...created].reverse().entries()) {
    const positions: number[] = [];
    const uvs: number[] = [];
    for (let r = 0; r <= rings; r++) {
      for (let s = 0; s <= segments; s++) {
        const theta = (r / rings) * Math.PI;
        const phi = (s / segments) * Math.PI * 2;
        positions.push(Math.sin(theta) * Math.cos(phi) + index * 3, Math.cos(theta), Math.sin(theta) * Math.sin(phi));
        uvs.push(s / segments, r / rings);
      }
    }
    const indices: number[] = [];
    for (let r = 0; r < rings; r++) {
      for (let s = 0; s < segments; s++) {
        const a = r * (segments + 1) + s;
        const b = a + segments + 1;
        indices.push(a, b, a + 1, b, b + 1, a + 1);
      }
    }
    const acc = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array | Uint32Array) =>
      doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', acc('VEC3', new Float32Array(positions)))
      .setAttribute('TEXCOORD_0', acc('VEC2', new Float32Array(uvs)))
      .setIndices(acc('SCALAR', new Uint32Array(indices)))
      .setMaterial(material);
    scene.addChild(doc.createNode(`part-${index}`).setMesh(doc.createMesh(`part-${index}`).addPrimitive(prim)));
  }
  writeFileSync(file, await (await gltfIO()).writeBinary(doc));
}

async function convert(filePath: string, name: string) {
  const outputPath = path.join(dir, name, 'model.glb');
  const result = await runConversion(
    { filePath, fileName: path.basename(filePath), workDir: path.join(dir, name, 'work'), outputPath },
    () => {},
  );
  return { result, outputPath };
}

async function inspect(glb: Uint8Array) {
  const plain = (await decodeMeshoptGlb(glb)) as Uint8Array;
  const doc = await (await gltfIO()).readBinary(plain);
  const sizes = await Promise.all(
    doc
      .getRoot()
      .listTextures()
      .map(async (texture) => {
        const meta = await sharp(texture.getImage() as Uint8Array).metadata();
        return Math.max(meta.width ?? 0, meta.height ?? 0);
      }),
  );
  return {
    figures: geometryFigures(doc, false),
    nodes: doc
      .getRoot()
      .listNodes()
      .map((node) => node.getName()),
    largestTexture: Math.max(0, ...sizes),
    validation: await validateGlb(plain),
  };
}

describe('the light version of a heavy model', () => {
  it('keeps the scene and the material order, with few triangles and small textures, far smaller', async () => {
    const source = path.join(dir, 'heavy.glb');
    const materials = ['Door', 'Frame', 'Handle'];
    await heavyModel(source, materials);
    const { result, outputPath } = await convert(source, 'heavy');
    const lite = result.lite;
    expect(lite).toBeTruthy();
    if (!lite) return;
    const full = readFileSync(outputPath);
    const light = readFileSync(lite.path);
    console.info(`heavy model: full ${full.byteLength} bytes, lite ${light.byteLength} bytes, ${lite.ms} ms`);
    expect(light.byteLength).toBe(lite.bytes);
    expect(light.byteLength).toBeLessThan(full.byteLength * 0.1);
    const [fullDoc, liteDoc] = [await inspect(full), await inspect(light)];
    expect(liteDoc.figures.materialNames).toEqual(fullDoc.figures.materialNames);
    expect(liteDoc.figures.materialNames).toEqual(materials);
    expect(liteDoc.nodes).toEqual(fullDoc.nodes);
    expect(liteDoc.figures.meshes).toBe(fullDoc.figures.meshes);
    expect(fullDoc.figures.triangles).toBeGreaterThan(LITE_MAX_TRIANGLES * 2);
    expect(liteDoc.figures.triangles).toBeLessThanOrEqual(LITE_MAX_TRIANGLES);
    expect(liteDoc.figures.triangles).toBe(lite.triangles);
    expect(liteDoc.largestTexture).toBeLessThanOrEqual(LITE_TEXTURE_PX);
    expect(liteDoc.validation.errors).toBe(0);
  }, 120_000);

  it('is not made for a model of 1 MB or less', async () => {
    const source = path.join(dir, 'small.glb');
    const doc = new Document();
    const buffer = doc.createBuffer();
    const prim = doc
      .createPrimitive()
      .setAttribute(
        'POSITION',
        doc
          .createAccessor()
          .setType('VEC3')
          .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
          .setBuffer(buffer),
      )
      .setMaterial(doc.createMaterial('only'));
    doc.createScene().addChild(doc.createNode('n').setMesh(doc.createMesh('m').addPrimitive(prim)));
    writeFileSync(source, await (await gltfIO()).writeBinary(doc));
    const { result } = await convert(source, 'small');
    expect(result.lite).toBeNull();
  });
});

describe.skipIf(!HAVE_SAMPLES)('the light version of a real model', () => {
  it('ferrari.glb (Draco, over 1 MB processed): same materials, valid, far smaller', async () => {
    const { result, outputPath } = await convert(sample('real-world/glTF2-draco/ferrari.glb'), 'ferrari');
    const fullBytes = statSync(outputPath).size;
    if (fullBytes <= 1024 * 1024) {
      expect(result.lite).toBeNull();
      return;
    }
    const lite = result.lite;
    expect(lite).toBeTruthy();
    if (!lite) return;
    console.info(`ferrari.glb: full ${fullBytes} bytes, lite ${lite.bytes} bytes, ${lite.ms} ms`);
    const [fullDoc, liteDoc] = [await inspect(readFileSync(outputPath)), await inspect(readFileSync(lite.path))];
    expect(liteDoc.figures.materialNames).toEqual(fullDoc.figures.materialNames);
    expect(liteDoc.nodes).toEqual(fullDoc.nodes);
    expect(liteDoc.figures.triangles).toBeLessThanOrEqual(LITE_MAX_TRIANGLES);
    expect(liteDoc.largestTexture).toBeLessThanOrEqual(LITE_TEXTURE_PX);
    expect(liteDoc.validation.errors).toBe(0);
    expect(lite.bytes).toBeLessThanOrEqual(fullBytes * LITE_SHARE);
  }, 120_000);
});
