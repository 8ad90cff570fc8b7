import { Document, NodeIO, type Texture } from '@gltf-transform/core';
import { zipFiles } from '#core/archive/zip-writer.ts';
import type { Part } from './demo-geometry.ts';
import { paletteEntry } from './demo-palette.ts';
import type { DemoMaterialName } from './demo-textures.ts';

/** The maps a model embeds for one demo material: PNGs, the third holding roughness in G and metalness in B (glTF). */
export interface ModelMaps {
  base_color: Buffer;
  normal: Buffer;
  roughness: Buffer;
  metallic_roughness: Buffer;
}
export type MapsOf = (name: DemoMaterialName) => Promise<ModelMaps>;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const usedMaterials = (parts: readonly Part[]) => [...new Set(parts.map((part) => part.material))];

/** GLB: one node and mesh per part, PBR materials, the demo maps embedded as PNG. */
export async function writeGlb(parts: readonly Part[], mapsOf: MapsOf): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  const root = doc.createNode('piece');
  scene.addChild(root);
  const materials = new Map<string, ReturnType<Document['createMaterial']>>();
  for (const name of usedMaterials(parts)) {
    const entry = paletteEntry(name);
    const material = doc
      .createMaterial(name)
      .setMetallicFactor(entry.metallic)
      .setRoughnessFactor(entry.maps ? 1 : entry.roughness);
    if (entry.maps) {
      const maps = await mapsOf(entry.maps);
      const texture = (suffix: string, image: Buffer): Texture =>
        doc
          .createTexture(`${name} ${suffix}`)
          .setImage(image)
          .setMimeType('image/png')
          .setURI(`${slug(name)}-${suffix}.png`);
      material
        .setBaseColorTexture(texture('base', maps.base_color))
        .setNormalTexture(texture('normal', maps.normal))
        .setMetallicRoughnessTexture(texture('metal-rough', maps.metallic_roughness))
        .setMetallicFactor(1);
    } else {
      material.setBaseColorFactor([...srgbToLinear(entry.colour), 1]);
    }
    materials.set(name, material);
  }
  for (const part of parts) {
    const accessor = (array: Float32Array | Uint16Array | Uint32Array, type: 'VEC3' | 'VEC2' | 'SCALAR') =>
      doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const count = part.positions.length / 3;
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(new Float32Array(part.positions), 'VEC3'))
      .setAttribute('NORMAL', accessor(new Float32Array(part.normals), 'VEC3'))
      .setAttribute('TEXCOORD_0', accessor(new Float32Array(part.uvs), 'VEC2'))
      .setIndices(accessor(count > 65535 ? new Uint32Array(part.indices) : new Uint16Array(part.indices), 'SCALAR'))
      .setMaterial(materials.get(part.material) ?? null);
    root.addChild(doc.createNode(part.name).setMesh(doc.createMesh(part.name).addPrimitive(primitive)));
  }
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

const srgbToLinear = (colour: readonly number[]) =>
  colour.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];

const num = (value: number) => Number(value.toFixed(5)).toString();

/** OBJ + MTL + the PNG maps in one zip; `withoutObj` leaves the model out (the upload that forgot it). */
export async function writeObjZip(
  baseName: string,
  parts: readonly Part[],
  mapsOf: MapsOf,
  options: { withoutObj?: boolean } = {},
): Promise<Buffer> {
  const obj = [`# ${baseName}: metres, Y up`, `mtllib ${baseName}.mtl`];
  let offset = 1;
  for (const part of parts) {
    obj.push(`o ${part.name.replace(/\s+/g, '_')}`);
    for (let i = 0; i < part.positions.length; i += 3)
      obj.push(
        `v ${part.positions
          .slice(i, i + 3)
          .map(num)
          .join(' ')}`,
      );
    for (let i = 0; i < part.uvs.length; i += 2)
      obj.push(
        `vt ${part.uvs
          .slice(i, i + 2)
          .map(num)
          .join(' ')}`,
      );
    for (let i = 0; i < part.normals.length; i += 3)
      obj.push(
        `vn ${part.normals
          .slice(i, i + 3)
          .map(num)
          .join(' ')}`,
      );
    obj.push(`usemtl ${slug(part.material)}`);
    for (let i = 0; i < part.indices.length; i += 3) {
      const corner = (k: number) => {
        const index = (part.indices[i + k] as number) + offset;
        return `${index}/${index}/${index}`;
      };
      obj.push(`f ${corner(0)} ${corner(1)} ${corner(2)}`);
    }
    offset += part.positions.length / 3;
  }
  const mtl: string[] = [];
  const files: { name: string; data: Buffer }[] = [];
  for (const name of usedMaterials(parts)) {
    const entry = paletteEntry(name);
    mtl.push(
      `newmtl ${slug(name)}`,
      `Kd ${(entry.maps ? [1, 1, 1] : entry.colour).map(num).join(' ')}`,
      'Ka 0 0 0',
      'Ks 0.04 0.04 0.04',
      `Ns ${Math.round((1 - entry.roughness) * 500)}`,
      `Pr ${num(entry.roughness)}`,
      `Pm ${num(entry.metallic)}`,
    );
    if (entry.maps) {
      const maps = await mapsOf(entry.maps);
      const file = slug(entry.maps);
      mtl.push(`map_Kd ${file}-base.png`, `norm ${file}-normal.png`, `map_Pr ${file}-roughness.png`);
      if (!files.some((f) => f.name === `${file}-base.png`)) {
        files.push(
          { name: `${file}-base.png`, data: maps.base_color },
          { name: `${file}-normal.png`, data: maps.normal },
          { name: `${file}-roughness.png`, data: maps.roughness },
        );
      }
    }
    mtl.push('');
  }
  return zipFiles([
    ...(options.withoutObj ? [] : [{ name: `${baseName}.obj`, data: Buffer.from(`${obj.join('\n')}\n`) }]),
    { name: `${baseName}.mtl`, data: Buffer.from(mtl.join('\n')) },
    ...files,
  ]);
}

/** Binary STL in millimetres with Z up (the format's default here): x → x, y → −z, z → y. */
export function writeStl(parts: readonly Part[]): Buffer {
  const triangles = parts.reduce((sum, part) => sum + part.indices.length / 3, 0);
  const out = Buffer.alloc(84 + triangles * 50);
  out.write('Meshport demo: millimetres, Z up', 0, 'latin1');
  out.writeUInt32LE(triangles, 80);
  let at = 84;
  const toZUp = (x: number, y: number, z: number, scale: number) => [x * scale, -z * scale, y * scale];
  for (const part of parts) {
    const p = (i: number) =>
      toZUp(
        part.positions[i * 3] as number,
        part.positions[i * 3 + 1] as number,
        part.positions[i * 3 + 2] as number,
        1000,
      );
    for (let t = 0; t < part.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => p(part.indices[t + k] as number)) as [number[], number[], number[]];
      const u = [0, 1, 2].map((k) => (b[k] as number) - (a[k] as number));
      const v = [0, 1, 2].map((k) => (c[k] as number) - (a[k] as number));
      const n = [
        (u[1] as number) * (v[2] as number) - (u[2] as number) * (v[1] as number),
        (u[2] as number) * (v[0] as number) - (u[0] as number) * (v[2] as number),
        (u[0] as number) * (v[1] as number) - (u[1] as number) * (v[0] as number),
      ];
      const length = Math.hypot(...n) || 1;
      for (const value of [...n.map((x) => x / length), ...a, ...b, ...c]) {
        out.writeFloatLE(value, at);
        at += 4;
      }
      at += 2; // attribute byte count, 0
    }
  }
  return out;
}

/** Binary PLY (metres, Y up) with normals and per-vertex colours from the palette. */
export function writePly(parts: readonly Part[]): Buffer {
  const vertices = parts.reduce((sum, part) => sum + part.positions.length / 3, 0);
  const faces = parts.reduce((sum, part) => sum + part.indices.length / 3, 0);
  const header = [
    'ply',
    'format binary_little_endian 1.0',
    'comment Meshport demo: metres, Y up',
    `element vertex ${vertices}`,
    ...['x', 'y', 'z', 'nx', 'ny', 'nz'].map((p) => `property float ${p}`),
    ...['red', 'green', 'blue'].map((p) => `property uchar ${p}`),
    `element face ${faces}`,
    'property list uchar int vertex_indices',
    'end_header',
    '',
  ].join('\n');
  const body = Buffer.alloc(vertices * 27 + faces * 13);
  let at = 0;
  for (const part of parts) {
    const colour = paletteEntry(part.material).colour.map((c) => Math.round(c * 255));
    for (let i = 0; i < part.positions.length / 3; i++) {
      for (let k = 0; k < 3; k++) body.writeFloatLE(part.positions[i * 3 + k] as number, at + k * 4);
      for (let k = 0; k < 3; k++) body.writeFloatLE(part.normals[i * 3 + k] as number, at + 12 + k * 4);
      for (let k = 0; k < 3; k++) body.writeUInt8(colour[k] as number, at + 24 + k);
      at += 27;
    }
  }
  let base = 0;
  for (const part of parts) {
    for (let t = 0; t < part.indices.length; t += 3) {
      body.writeUInt8(3, at);
      for (let k = 0; k < 3; k++) body.writeInt32LE(base + (part.indices[t + k] as number), at + 1 + k * 4);
      at += 13;
    }
    base += part.positions.length / 3;
  }
  return Buffer.concat([Buffer.from(header, 'latin1'), body]);
}
