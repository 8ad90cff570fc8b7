/**
 * Inputs generated for the preview tests and the preview benchmark: a coloured box, a point cloud, their
 * meshopt-compressed form and material textures. Nothing here is used by the product itself.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { meshopt } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

async function io(): Promise<NodeIO> {
  await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder, 'meshopt.decoder': MeshoptDecoder });
}

/** A box (2 × 1 × 1.4) with one flat-shaded face per side, in an orange PBR material. */
export function boxDocument(color: [number, number, number, number] = [0.9, 0.35, 0.08, 1]): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const [hx, hy, hz] = [1, 0.5, 0.7];
  const faces: [number[], number[], number[]][] = [
    // normal, u axis, v axis
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      positions.push(
        (n[0] ?? 0) * hx + su * (u[0] ?? 0) * hx + sv * (v[0] ?? 0) * hx,
        (n[1] ?? 0) * hy + su * (u[1] ?? 0) * hy + sv * (v[1] ?? 0) * hy,
        (n[2] ?? 0) * hz + su * (u[2] ?? 0) * hz + sv * (v[2] ?? 0) * hz,
      );
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const material = doc.createMaterial('orange').setBaseColorFactor(color).setRoughnessFactor(0.55).setMetallicFactor(0);
  const primitive = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
    .setMaterial(material);
  const mesh = doc.createMesh('box').addPrimitive(primitive);
  doc.createScene('scene').addChild(doc.createNode('box').setMesh(mesh));
  return doc;
}

/** A torus-knot-like ring of points (POINTS primitive) with vertex colours: a scan-like point cloud. */
export function pointCloudDocument(count = 20_000): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const t = (i / count) * Math.PI * 2;
    const s = (((i * 7919) % count) / count) * Math.PI * 2;
    const r = 3 + Math.cos(s);
    positions.set([r * Math.cos(t), Math.sin(s) + 0.3 * Math.sin(5 * t), r * Math.sin(t)], i * 3);
    colors.set([0.2 + 0.6 * (i / count), 0.3, 0.8 - 0.6 * (i / count)], i * 3);
  }
  const primitive = doc
    .createPrimitive()
    .setMode(0) // POINTS
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('COLOR_0', doc.createAccessor().setType('VEC3').setArray(colors).setBuffer(buffer));
  doc.createScene('scene').addChild(doc.createNode('cloud').setMesh(doc.createMesh('cloud').addPrimitive(primitive)));
  return doc;
}

export async function toGlb(doc: Document): Promise<Buffer> {
  return Buffer.from(await (await io()).writeBinary(doc));
}

/** The GLB after gltf-transform's meshopt compression (EXT_meshopt_compression + quantisation). */
export async function toMeshoptGlb(glb: Buffer): Promise<Buffer> {
  const nodeIo = await io();
  const doc = await nodeIo.readBinary(new Uint8Array(glb));
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  return Buffer.from(await nodeIo.writeBinary(doc));
}

/** A 256² PNG of coloured checks: a base-colour map. */
export function checkerPng(size = 256, cells = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  const cell = size / cells;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dark = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      pixels.set(dark ? [40, 90, 160] : [230, 200, 120], (y * size + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** A 256² tangent-space normal map of round bumps (OpenGL convention, as glTF). */
export function bumpsNormalPng(size = 256, cells = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  const cell = size / cells;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = ((x % cell) / cell) * 2 - 1;
      const dy = ((y % cell) / cell) * 2 - 1;
      const inside = dx * dx + dy * dy < 0.8;
      const nx = inside ? dx * 0.6 : 0;
      const ny = inside ? -dy * 0.6 : 0;
      const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
      pixels.set([(nx * 0.5 + 0.5) * 255, (ny * 0.5 + 0.5) * 255, (nz * 0.5 + 0.5) * 255], (y * size + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** A greyscale PNG, for roughness, metallic, occlusion or height maps. */
export function greyPng(value: number, size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: value, g: value, b: value } } })
    .greyscale()
    .png()
    .toBuffer();
}
