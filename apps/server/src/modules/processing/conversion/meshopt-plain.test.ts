import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { compressChecked } from './compress-step.ts';
import { gltfIO, parseGlb } from './gltf-io.ts';
import { decodeMeshoptGlb } from './meshopt-plain.ts';

/** A 16 × 16 grid with normals and UVs, far from the origin. */
function grid() {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      positions.push(100 + x / 15, y / 15, Math.sin(x * y) * 0.1);
      const n = [Math.sin(x), Math.cos(y), 1];
      const length = Math.hypot(...n);
      normals.push(...n.map((v) => v / length));
      uvs.push(x / 15, y / 15);
    }
  }
  for (let y = 0; y < 15; y++) {
    for (let x = 0; x < 15; x++) indices.push(y * 16 + x, y * 16 + x + 1, y * 16 + x + 16);
  }
  const accessor = (array: Float32Array | Uint16Array, type: 'VEC3' | 'VEC2' | 'SCALAR') =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(new Float32Array(positions), 'VEC3'))
    .setAttribute('NORMAL', accessor(new Float32Array(normals), 'VEC3'))
    .setAttribute('TEXCOORD_0', accessor(new Float32Array(uvs), 'VEC2'))
    .setIndices(accessor(new Uint16Array(indices), 'SCALAR'));
  doc.createScene().addChild(doc.createNode('grid').setMesh(doc.createMesh('grid').addPrimitive(prim)));
  return doc;
}

interface Json {
  extensionsUsed?: string[];
  buffers?: unknown[];
  bufferViews?: { extensions?: Record<string, unknown> }[];
}

describe('decodeMeshoptGlb', () => {
  it('gives the compressed GLB plain, with the values the meshopt reader decodes', async () => {
    const io = await gltfIO();
    const compressed = await compressChecked(grid());
    const json = parseGlb(compressed.glb).json as Json;
    expect(json.extensionsUsed).toContain('EXT_meshopt_compression');

    const plain = (await decodeMeshoptGlb(compressed.glb)) as Uint8Array;
    const plainJson = parseGlb(plain).json as Json;
    expect(plainJson.extensionsUsed).not.toContain('EXT_meshopt_compression');
    expect(plainJson.buffers).toHaveLength(1);
    expect(plainJson.bufferViews?.every((view) => !view.extensions)).toBe(true);

    const viaReader = await io.readBinary(compressed.glb);
    const viaPlain = await io.readBinary(plain);
    const arrays = (doc: Document) =>
      doc
        .getRoot()
        .listAccessors()
        .map((a) => [a.getType(), [...(a.getArray() ?? [])]]);
    expect(arrays(viaPlain)).toEqual(arrays(viaReader));
    expect(compressed.plain).toEqual(plain);
  });

  it('leaves a GLB without meshopt as it is', async () => {
    const glb = await (await gltfIO()).writeBinary(grid());
    expect(await decodeMeshoptGlb(glb)).toBe(glb);
  });
});

describe('compressDocument', () => {
  it('stores normals in 8 bits a component', async () => {
    const { decoded } = await compressChecked(grid());
    const normal = decoded.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute('NORMAL');
    expect(normal?.getArray()).toBeInstanceOf(Int8Array);
  });
});
