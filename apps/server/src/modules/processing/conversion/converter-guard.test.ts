import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Accessor, Document, Node } from '@gltf-transform/core';
import { Document as GltfDocument } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { Converter } from './converter.ts';
import { gltfIO } from './gltf-io.ts';

/** Issue 26 classes 3 and 7: a quantised, meshopt-compressed mesh with morph targets; skinned vertices without weight. */

const dir = mkdtempSync(path.join(tmpdir(), 'converter-guard-'));
const converter = new Converter();
let n = 0;

afterAll(async () => {
  await converter.close();
  rmSync(dir, { recursive: true, force: true });
});

async function convert(filePath: string) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const outputPath = path.join(workDir, 'out.glb');
  const result = await converter.convert(
    { filePath, fileName: path.basename(filePath), workDir, outputPath },
    () => {},
  );
  return { result, output: await (await gltfIO()).read(outputPath) };
}

type Vec3 = [number, number, number];

/** World positions of every mesh's vertices, and its first morph target's offsets moved alike (no skins here). */
function worldGeometry(doc: Document) {
  const meshes: { positions: Vec3[]; offsets: Vec3[] }[] = [];
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const m = node.getWorldMatrix();
    const apply = (v: number[], w: number): Vec3 =>
      [0, 1, 2].map(
        (r) =>
          (m[r] as number) * (v[0] as number) +
          (m[4 + r] as number) * (v[1] as number) +
          (m[8 + r] as number) * (v[2] as number) +
          w * (m[12 + r] as number),
      ) as Vec3;
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute('POSITION') as Accessor;
      const offset = prim.listTargets()[0]?.getAttribute('POSITION');
      const positions: Vec3[] = [];
      const offsets: Vec3[] = [];
      for (let i = 0; i < position.getCount(); i++) {
        positions.push(apply(position.getElement(i, []), 1));
        if (offset) offsets.push(apply(offset.getElement(i, []), 0));
      }
      meshes.push({ positions, offsets });
    }
  };
  for (const scene of doc.getRoot().listScenes()) for (const child of scene.listChildren()) child.traverse(visit);
  return meshes;
}

const axes = [0, 1, 2] as const;
const first = <T>(list: T[]): T => {
  expect(list.length).toBeGreaterThan(0);
  return list[0] as T;
};
const bounds = (points: Vec3[]) => ({
  min: axes.map((a) => Math.min(...points.map((p) => p[a]))),
  max: axes.map((a) => Math.max(...points.map((p) => p[a]))),
});
const spread = (points: Vec3[]) =>
  axes.map((a) => {
    const mean = points.reduce((s, p) => s + p[a], 0) / points.length;
    return Math.sqrt(points.reduce((s, p) => s + (p[a] - mean) ** 2, 0) / points.length);
  });

function expectClose(actual: number[], expected: number[], tolerance: number) {
  for (const [i, value] of actual.entries()) {
    expect(Math.abs(value - (expected[i] as number))).toBeLessThanOrEqual(tolerance);
  }
}

/**
 * A head-like bump of 40 × 40 vertices as gltfpack writes it: positions as unsigned shorts (not normalised)
 * scaled by the node, a morph target of signed shorts, the buffers meshopt-compressed.
 */
async function quantisedMorphGlb(): Promise<string> {
  const doc = new GltfDocument();
  const buffer = doc.createBuffer();
  const side = 40;
  const positions = new Uint16Array(side * side * 3);
  const offsets = new Int16Array(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      const bump = Math.exp(-((x - 20) ** 2 + (y - 20) ** 2) / 80);
      positions.set([x * 400, y * 400, Math.round(bump * 6000)], i);
      offsets.set([0, 0, Math.round(bump * -3000)], i);
    }
  }
  const indices = new Uint16Array((side - 1) * (side - 1) * 6);
  let k = 0;
  for (let y = 0; y < side - 1; y++) {
    for (let x = 0; x < side - 1; x++) {
      const i = y * side + x;
      indices.set([i, i + 1, i + side, i + 1, i + side + 1, i + side], k);
      k += 6;
    }
  }
  const accessor = (array: Uint16Array | Int16Array, type: 'VEC3' | 'SCALAR') =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const target = doc.createPrimitiveTarget().setAttribute('POSITION', accessor(offsets, 'VEC3'));
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(positions, 'VEC3'))
    .setIndices(accessor(indices, 'SCALAR'))
    .addTarget(target);
  const mesh = doc.createMesh('head').addPrimitive(prim).setWeights([0]);
  const node = doc.createNode('head').setMesh(mesh).setScale([1e-5, 1e-5, 1e-5]).setTranslation([0.1, 1.5, 0]);
  doc.createScene().addChild(node);
  doc.createExtension(KHRMeshQuantization).setRequired(true);
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  const file = path.join(dir, 'quantised-morph.glb');
  writeFileSync(file, await (await gltfIO()).writeBinary(doc));
  return file;
}

/** Four triangles skinned to two joints; two of their vertices carry no weight at all. */
async function unweightedSkinGlb(): Promise<string> {
  const doc = new GltfDocument();
  const buffer = doc.createBuffer();
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0]);
  const joints = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const weights = new Float32Array([1, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
  const accessor = (array: Float32Array | Uint8Array | Uint16Array, type: 'VEC3' | 'VEC4' | 'SCALAR' | 'MAT4') =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(positions, 'VEC3'))
    .setAttribute('JOINTS_0', accessor(joints, 'VEC4'))
    .setAttribute('WEIGHTS_0', accessor(weights, 'VEC4'))
    .setIndices(accessor(new Uint16Array([0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4]), 'SCALAR'));
  const root = doc.createNode('root');
  const tip = doc.createNode('tip').setTranslation([0, 1, 0]);
  root.addChild(tip);
  const axes3 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const inverse = new Float32Array([...axes3, 0, 0, 0, 1, ...axes3, 0, -1, 0, 1]);
  const skin = doc.createSkin().addJoint(root).addJoint(tip).setInverseBindMatrices(accessor(inverse, 'MAT4'));
  const body = doc.createNode('body').setMesh(doc.createMesh('body').addPrimitive(prim)).setSkin(skin);
  doc.createScene().addChild(root).addChild(body);
  const file = path.join(dir, 'unweighted-skin.glb');
  writeFileSync(file, await (await gltfIO()).writeBinary(doc));
  return file;
}

/** The Khronos validator's report on a GLB as the converter wrote it, its meshopt buffers decoded first. */
async function validateDecoded(doc: Document) {
  doc.disposeExtension('EXT_meshopt_compression');
  const glb = await (await gltfIO()).writeBinary(doc);
  return (await validator.validateBytes(glb, { maxIssues: 0, writeTimestamp: false })).issues;
}

describe('Converter keeps geometry whole (issue 26 class 3)', () => {
  it('keeps a quantised, meshopt-compressed mesh with a morph target where it was, and measures the output', async () => {
    const file = await quantisedMorphGlb();
    const input = first(worldGeometry(await (await gltfIO()).read(file)));
    const { result, output } = await convert(file);
    const out = first(worldGeometry(output));
    const size = Math.max(
      ...axes.map((a) => (bounds(input.positions).max[a] as number) - (bounds(input.positions).min[a] as number)),
    );
    const tolerance = size * 0.01;
    expect(out.positions.length).toBe(input.positions.length);
    expectClose(bounds(out.positions).min, bounds(input.positions).min, tolerance);
    expectClose(bounds(out.positions).max, bounds(input.positions).max, tolerance);
    expectClose(spread(out.positions), spread(input.positions), tolerance);
    expectClose(bounds(out.offsets).min, bounds(input.offsets).min, tolerance);
    expectClose(bounds(out.offsets).max, bounds(input.offsets).max, tolerance);
    // The figures are the output's, not the input's.
    expectClose(result.figures.bounds?.min ?? [], bounds(out.positions).min, 1e-6);
    expectClose(result.figures.bounds?.max ?? [], bounds(out.positions).max, 1e-6);
    expect(result.figures.bounds).not.toBeNull();
  });

  it.skipIf(!HAVE_SAMPLES)('keeps the meshopt sample box (unsigned short positions) a box', async () => {
    const file = sample('real-world/glTF2-meshopt/BoxMeshopt.glb');
    const input = first(worldGeometry(await (await gltfIO()).read(file)));
    const { output } = await convert(file);
    const out = first(worldGeometry(output));
    expectClose(bounds(out.positions).min, bounds(input.positions).min, 0.01);
    expectClose(bounds(out.positions).max, bounds(input.positions).max, 0.01);
    expectClose(spread(out.positions), spread(input.positions), 0.01);
  });
});

describe('Converter publishes valid skins (issue 26 class 7)', () => {
  it('binds skinned vertices without weight to their node’s joint: no ACCESSOR_WEIGHTS_NON_NORMALIZED', async () => {
    const { result, output } = await convert(await unweightedSkinGlb());
    const issues = await validateDecoded(output);
    expect(issues.messages.filter((m: { code: string }) => m.code === 'ACCESSOR_WEIGHTS_NON_NORMALIZED')).toEqual([]);
    expect(issues.numErrors).toBe(0);
    const prim = first(first(output.getRoot().listMeshes()).listPrimitives());
    const weights = prim.getAttribute('WEIGHTS_0') as Accessor;
    for (let i = 0; i < weights.getCount(); i++) {
      const sum = weights.getElement(i, []).reduce((s, w) => s + w, 0);
      expect(Math.abs(sum - 1)).toBeLessThan(0.01);
    }
    expect(result.warnings.join(' ')).toMatch(/2 skinned vertices had no joint weight/);
  });
});
