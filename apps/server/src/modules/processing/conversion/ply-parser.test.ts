import { readFileSync } from 'node:fs';
import { Primitive } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { plyDocument } from './ply-import.ts';
import { type PlyData, PlySyntaxError, parsePly } from './ply-parser.ts';

const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

/** A binary PLY: the header, then values written with their types in the chosen byte order. */
function binaryPly(header: string, values: [type: 'f' | 'B' | 'I' | 'i' | 'H' | 'd', value: number][], little = true) {
  const format = little ? 'binary_little_endian' : 'binary_big_endian';
  const head = Buffer.from(`ply\nformat ${format} 1.0\n${header}end_header\n`, 'latin1');
  const size = { f: 4, B: 1, I: 4, i: 4, H: 2, d: 8 };
  const body = Buffer.alloc(values.reduce((sum, [t]) => sum + size[t], 0));
  let at = 0;
  for (const [type, value] of values) {
    if (type === 'B') body.writeUInt8(value, at);
    else if (type === 'f') little ? body.writeFloatLE(value, at) : body.writeFloatBE(value, at);
    else if (type === 'I') little ? body.writeUInt32LE(value, at) : body.writeUInt32BE(value, at);
    else if (type === 'i') little ? body.writeInt32LE(value, at) : body.writeInt32BE(value, at);
    else if (type === 'H') little ? body.writeUInt16LE(value, at) : body.writeUInt16BE(value, at);
    else little ? body.writeDoubleLE(value, at) : body.writeDoubleBE(value, at);
    at += size[type];
  }
  return new Uint8Array(Buffer.concat([head, body]));
}

const QUAD_HEADER =
  'element vertex 4\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\n';
const QUAD_VALUES: [type: 'f' | 'B' | 'i', value: number][] = [
  ...[0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0].map((v) => ['f', v] as ['f', number]),
  ['B', 4],
  ['i', 0],
  ['i', 1],
  ['i', 2],
  ['i', 3],
];

const failure = (bytes: Uint8Array) => {
  try {
    parsePly(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(PlySyntaxError);
    return (error as Error).message;
  }
  throw new Error('parsePly accepted the file');
};

describe('parsePly', () => {
  it('reads an ASCII file with normals, texture coordinates and a quad fanned into two triangles', () => {
    const data = parsePly(
      text(
        'ply\r\nformat ascii 1.0\r\ncomment made by hand\r\nCreated by some exporter\r\nelement vertex 4\r\n' +
          'property float x\r\nproperty float y\r\nproperty float z\r\nproperty float nx\r\nproperty float ny\r\n' +
          'property float nz\r\nproperty float s\r\nproperty float t\r\nelement face 1\r\n' +
          'property list uchar uint vertex_indices\r\nend_header\r\n' +
          '0 0 0 0 0 1 0 0\r\n1 0 0 0 0 1 1 0\r\n1 1 0 0 0 1 1 1\r\n-1.5e-1 1 0 0 0 1 0 0.25\r\n4 0 1 2 3\r\n',
      ),
    );
    expect(data.vertexCount).toBe(4);
    expect([...data.positions]).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, -0.15000000596046448, 1, 0]);
    expect([...(data.normals ?? [])].filter((_, i) => i % 3 === 2)).toEqual([1, 1, 1, 1]);
    // v flipped to glTF's convention.
    expect([...(data.uvs ?? [])]).toEqual([0, 1, 1, 1, 1, 0, 0, 0.75]);
    expect([...(data.indices ?? [])]).toEqual([0, 1, 2, 0, 2, 3]);
    expect(data.colors).toBeNull();
  });

  it('reads the same quad from binary little and big endian files', () => {
    for (const little of [true, false]) {
      const data = parsePly(binaryPly(QUAD_HEADER, QUAD_VALUES, little));
      expect([...data.positions]).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
      expect([...(data.indices ?? [])]).toEqual([0, 1, 2, 0, 2, 3]);
    }
  });

  it('reads a point cloud with byte colours (as linear values) and skips properties it does not use', () => {
    const header =
      'element vertex 2\nproperty double x\nproperty double y\nproperty double z\nproperty uchar red\n' +
      'property uchar green\nproperty uchar blue\nproperty uchar alpha\nproperty ushort flags\n';
    const data = parsePly(
      binaryPly(header, [
        ['d', 1],
        ['d', 2],
        ['d', 3],
        ['B', 255],
        ['B', 0],
        ['B', 188],
        ['B', 128],
        ['H', 7],
        ['d', 4],
        ['d', 5],
        ['d', 6],
        ['B', 0],
        ['B', 255],
        ['B', 0],
        ['B', 255],
        ['H', 9],
      ]),
    );
    expect(data.indices).toBeNull();
    expect([...data.positions]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.colorComponents).toBe(4);
    const colors = [...(data.colors ?? [])].map((c) => Math.round(c * 1000) / 1000);
    // sRGB 188/255 ≈ linear 0.5; alpha stays linear.
    expect(colors).toEqual([1, 0, 0.503, 0.502, 0, 1, 0, 1]);
  });

  it('skips elements it does not use and faces with fewer than three corners', () => {
    const data = parsePly(
      text(
        'ply\nformat ascii 1.0\nelement material 1\nproperty list uchar float ambient\n' +
          'element vertex 3\nproperty float x\nproperty float y\nproperty float z\n' +
          'element face 2\nproperty uchar flags\nproperty list uchar int vertex_index\n' +
          'end_header\n3 0.1 0.2 0.3\n0 0 0\n1 0 0\n0 1 0\n1 2 0 1\n0 3 2 1 0\n',
      ),
    );
    expect([...(data.indices ?? [])]).toEqual([2, 1, 0]);
    expect(data.skippedFaces).toBe(1);
  });

  it('reads texture coordinates given per face corner and the texture the file names (MeshLab)', () => {
    const data = parsePly(
      text(
        'ply\nformat ascii 1.0\ncomment TextureFile skin.png\nelement vertex 4\nproperty float x\nproperty float y\n' +
          'property float z\nelement face 2\nproperty list uchar int vertex_indices\nproperty list uchar float texcoord\n' +
          'end_header\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3 8 0 0 1 0 1 1 0 1\n3 0 1 2 0\n',
      ),
    );
    expect(data.textureFiles).toEqual(['skin.png']);
    expect([...(data.indices ?? [])]).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 2]);
    // One (u, 1 - v) pair per triangle corner; the face without coordinates gets zeros.
    expect([...(data.cornerUvs ?? [])]).toEqual([0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('fails hostile or damaged files with a message', () => {
    expect(failure(text('solid cube\n'))).toMatch(/not a PLY file/);
    expect(failure(text('ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n'))).toMatch(/no end_header/);
    expect(failure(text('ply\nformat ascii 2.0 extra\nend_header\n'))).toMatch(/damaged/);
    expect(failure(text('ply\nformat weird 1.0\nend_header\n'))).toMatch(/unknown format/);
    expect(failure(text('ply\nformat ascii 1.0\nelement vertex 1\nproperty float\nend_header\n'))).toMatch(
      /header line 4 is not a valid property/,
    );
    expect(failure(text('ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n0\n'))).toMatch(
      /no x, y, z position/,
    );
    // Billions of vertices announced in a few bytes: refused before anything is allocated.
    expect(failure(binaryPly(QUAD_HEADER.replace('vertex 4', 'vertex 4000000000'), QUAD_VALUES))).toMatch(
      /announces 4,000,000,000 vertex entries, more than the file holds/,
    );
    const outOfRange = QUAD_VALUES.map(([t, v], i) => [t, i === QUAD_VALUES.length - 1 ? 4 : v] as ['f', number]);
    expect(failure(binaryPly(QUAD_HEADER, outOfRange))).toMatch(
      /a face refers to vertex 4, but the file defines only 4/,
    );
    const negative = QUAD_VALUES.map(([t, v], i) => [t, i === QUAD_VALUES.length - 1 ? -1 : v] as ['f', number]);
    expect(failure(binaryPly(QUAD_HEADER, negative))).toMatch(/refers to vertex -1/);
    const cut = binaryPly(QUAD_HEADER, QUAD_VALUES);
    expect(failure(cut.subarray(0, cut.length - 6))).toMatch(/ends before all its data/);
    // A corner count of 255 with four indices present.
    const longList = QUAD_VALUES.map(([t, v]) => [t, t === 'B' ? 255 : v] as ['f', number]);
    expect(failure(binaryPly(QUAD_HEADER, longList))).toMatch(/ends before all its data/);
    expect(
      failure(
        text(
          'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n1 two 3\n',
        ),
      ),
    ).toMatch(/"two" is not a number/);
  });
});

describe('plyDocument', () => {
  const base: PlyData = {
    vertexCount: 3,
    positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
    normals: null,
    colors: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    colorComponents: 3,
    uvs: null,
    indices: null,
    cornerUvs: null,
    skippedFaces: 0,
    textureFiles: [],
  };

  it('makes a point cloud that keeps its colours, on a white material', () => {
    const doc = plyDocument(base, 'cloud.ply', null, []);
    const [prim] = doc.getRoot().listMeshes()[0]?.listPrimitives() ?? [];
    expect(prim?.getMode()).toBe(Primitive.Mode.POINTS);
    expect(prim?.getAttribute('COLOR_0')?.getCount()).toBe(3);
    expect(prim?.getMaterial()?.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
    expect(doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0]).toBeDefined();
  });

  it('gives each corner its own vertex when texture coordinates are per face corner', () => {
    const doc = plyDocument(
      { ...base, indices: new Uint32Array([2, 1, 0]), cornerUvs: new Float32Array([0, 0, 1, 0, 0, 1]) },
      'mesh.ply',
      null,
      [],
    );
    const [prim] = doc.getRoot().listMeshes()[0]?.listPrimitives() ?? [];
    expect(prim?.getIndices()).toBeNull();
    expect([...(prim?.getAttribute('POSITION')?.getArray() ?? [])]).toEqual([0, 1, 0, 1, 0, 0, 0, 0, 0]);
    expect([...(prim?.getAttribute('COLOR_0')?.getArray() ?? [])]).toEqual([0, 0, 1, 0, 1, 0, 1, 0, 0]);
    expect(prim?.getAttribute('TEXCOORD_0')?.getCount()).toBe(3);
  });

  it('makes indexed triangles with the texture the file names', () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const warnings: string[] = [];
    const doc = plyDocument(
      { ...base, colors: null, uvs: new Float32Array(6), indices: new Uint32Array([0, 1, 2]), skippedFaces: 2 },
      'mesh.ply',
      { name: 'skin.png', image: png },
      warnings,
    );
    const [prim] = doc.getRoot().listMeshes()[0]?.listPrimitives() ?? [];
    expect(prim?.getMode()).toBe(Primitive.Mode.TRIANGLES);
    expect([...(prim?.getIndices()?.getArray() ?? [])]).toEqual([0, 1, 2]);
    expect(prim?.getMaterial()?.getBaseColorTexture()?.getMimeType()).toBe('image/png');
    expect(warnings).toEqual(['2 faces with fewer than 3 corners were skipped']);
  });
});

describe.skipIf(!HAVE_SAMPLES)('parsePly on the sample files', () => {
  it.each([
    ['PLY/Wuson.ply', 11_184, 3732],
    ['PLY/cube_binary.ply', 8, 12],
    ['PLY/cube_uv.ply', 24, 12],
  ])('reads %s', (file, vertices, triangles) => {
    const data = parsePly(readFileSync(sample(file)));
    expect(data.vertexCount).toBe(vertices);
    expect((data.indices?.length ?? 0) / 3).toBe(triangles);
  });

  it('reads pond.0.ply as 70,051 coloured points', () => {
    const data = parsePly(readFileSync(sample('PLY/pond.0.ply')));
    expect(data.vertexCount).toBe(70_051);
    expect(data.indices).toBeNull();
    expect(data.colors?.length).toBe(70_051 * 3);
    expect(data.normals?.length).toBe(70_051 * 3);
  });

  it('fails the fuzzed crash file with a message', () => {
    expect(failure(readFileSync(sample('invalid/crash-30d6d0f7c529b3b66b4131700b7a4580cd7082df.ply')))).toMatch(
      /^The PLY file is damaged: /,
    );
  });
});
