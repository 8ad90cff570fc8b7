/**
 * A PLY reader (ASCII, binary little and big endian) that keeps what a glTF mesh needs: positions, normals, colours,
 * texture coordinates and faces (polygons fanned into triangles). Every count is checked against the file size
 * before anything is allocated, and every face index against the vertex count.
 */

import { GrowF32, GrowU32 } from './growable-array.ts';
import { damaged, type PlyElement, type PlyProperty, parsePlyHeader, type ScalarType, SIZE } from './ply-header.ts';
import { AsciiReader, BinaryReader, type ValueReader } from './ply-values.ts';

export { PlySyntaxError } from './ply-header.ts';

/** Colours stored as integers are scaled to 0..1 by their type's maximum. */
const COLOUR_SCALE: Readonly<Record<ScalarType, number>> = {
  int8: 1 / 127,
  uint8: 1 / 255,
  int16: 1 / 32767,
  uint16: 1 / 65535,
  int32: 1 / 2147483647,
  uint32: 1 / 4294967295,
  float32: 1,
  float64: 1,
};

export interface PlyData {
  vertexCount: number;
  positions: Float32Array;
  normals: Float32Array | null;
  /** Linear RGB(A), 0..1. */
  colors: Float32Array | null;
  colorComponents: 3 | 4;
  /** glTF convention (v down). */
  uvs: Float32Array | null;
  /** Triangle list; null when the file has no faces. */
  indices: Uint32Array | null;
  /** Texture coordinates of each triangle corner (faces' `texcoord` lists), aligned with `indices`. */
  cornerUvs: Float32Array | null;
  /** Faces with fewer than 3 corners, left out. */
  skippedFaces: number;
  textureFiles: string[];
}

/** The smallest body an element can have: binary sizes, or one character per value in ASCII. */
function minimumBytes(element: PlyElement, ascii: boolean): number {
  let perItem = 0;
  for (const property of element.properties) {
    perItem += ascii ? 1 : SIZE[property.countType ?? property.type];
  }
  return perItem * element.count;
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** Destination of one scalar vertex property: array, stride, component and scale. */
interface Sink {
  array: Float32Array;
  stride: number;
  component: number;
  scale: number;
  flip: boolean;
}

const AXIS: Readonly<Record<string, number>> = { x: 0, y: 1, z: 2 };
const NORMAL: Readonly<Record<string, number>> = { nx: 0, ny: 1, nz: 2 };
const COLOUR: Readonly<Record<string, number>> = {
  red: 0,
  green: 1,
  blue: 2,
  alpha: 3,
  r: 0,
  g: 1,
  b: 2,
  a: 3,
  diffuse_red: 0,
  diffuse_green: 1,
  diffuse_blue: 2,
  diffuse_alpha: 3,
};
const UV: Readonly<Record<string, number>> = {
  s: 0,
  t: 1,
  u: 0,
  v: 1,
  texture_u: 0,
  texture_v: 1,
  texture_s: 0,
  texture_t: 1,
};

/** Parses a whole PLY file held in memory. */
export function parsePly(bytes: Uint8Array): PlyData {
  const header = parsePlyHeader(bytes);
  const ascii = header.format === 'ascii';
  const bodyBytes = bytes.byteLength - header.bodyOffset;
  const vertexElement = header.elements.find((e) => e.name === 'vertex');
  if (!vertexElement) throw damaged('plyNoVertices');
  const names = new Set(vertexElement.properties.map((p) => p.name));
  if (!names.has('x') || !names.has('y') || !names.has('z')) throw damaged('plyNoPositions');
  let needed = 0;
  for (const element of header.elements) {
    needed += minimumBytes(element, ascii);
    if (needed > bodyBytes) {
      throw damaged('plyTooShort', { entriesNumber: element.count, element: element.name });
    }
  }

  const vertexCount = vertexElement.count;
  const positions = new Float32Array(vertexCount * 3);
  const has = (table: Readonly<Record<string, number>>, need: number) =>
    vertexElement.properties.filter((p) => !p.countType && p.name in table).length >= need;
  const normals = has(NORMAL, 3) ? new Float32Array(vertexCount * 3) : null;
  const colorComponents: 3 | 4 = vertexElement.properties.some((p) => !p.countType && COLOUR[p.name] === 3) ? 4 : 3;
  const colors = has(COLOUR, 3) ? new Float32Array(vertexCount * colorComponents).fill(1) : null;
  const uvs = has(UV, 2) ? new Float32Array(vertexCount * 2) : null;
  const sinks: (Sink | null)[] = vertexElement.properties.map((p) => {
    if (p.countType) return null;
    if (p.name in AXIS)
      return { array: positions, stride: 3, component: AXIS[p.name] as number, scale: 1, flip: false };
    if (normals && p.name in NORMAL) {
      return { array: normals, stride: 3, component: NORMAL[p.name] as number, scale: 1, flip: false };
    }
    if (colors && p.name in COLOUR) {
      const component = COLOUR[p.name] as number;
      return { array: colors, stride: colorComponents, component, scale: COLOUR_SCALE[p.type], flip: false };
    }
    if (uvs && p.name in UV) return { array: uvs, stride: 2, component: UV[p.name] as number, scale: 1, flip: false };
    return null;
  });
  for (const sink of sinks) if (sink?.array === uvs && sink?.component === 1) sink.flip = true;

  const reader: ValueReader = ascii
    ? new AsciiReader(bytes, header.bodyOffset)
    : new BinaryReader(bytes, header.bodyOffset, header.format === 'binary_little_endian');
  let faces: FaceOutput | null = null;
  for (const element of header.elements) {
    if (element === vertexElement) {
      readVertices(reader, element, sinks);
      continue;
    }
    const listIndex =
      element.name === 'face'
        ? element.properties.findIndex((p) => p.countType && (p.name === 'vertex_indices' || p.name === 'vertex_index'))
        : -1;
    if (listIndex === -1) {
      skipElement(reader, element);
      continue;
    }
    faces ??= { triangles: new GrowU32(Math.min(element.count * 3, 1 << 24)), cornerUvs: null, skipped: 0 };
    readFaces(reader, element, listIndex, vertexCount, faces);
  }
  if (colors)
    for (let i = 0; i < colors.length; i++) if (i % colorComponents < 3) colors[i] = srgbToLinear(colors[i] as number);
  return {
    vertexCount,
    positions,
    normals,
    colors,
    colorComponents,
    uvs,
    indices: faces ? faces.triangles.data.subarray(0, faces.triangles.length) : null,
    cornerUvs: faces?.cornerUvs ? faces.cornerUvs.data.subarray(0, faces.cornerUvs.length) : null,
    skippedFaces: faces?.skipped ?? 0,
    textureFiles: header.textureFiles,
  };
}

function readVertices(reader: ValueReader, element: PlyElement, sinks: (Sink | null)[]) {
  const properties = element.properties;
  for (let i = 0; i < element.count; i++) {
    for (let k = 0; k < properties.length; k++) {
      const property = properties[k] as PlyProperty;
      if (property.countType) {
        const n = listLength(reader, property.countType, element);
        for (let j = 0; j < n; j++) reader.read(property.type);
        continue;
      }
      const value = reader.read(property.type);
      const sink = sinks[k];
      if (!sink) continue;
      const scaled = value * sink.scale;
      sink.array[i * sink.stride + sink.component] = sink.flip ? 1 - scaled : scaled;
    }
  }
}

function listLength(reader: ValueReader, countType: ScalarType, element: PlyElement): number {
  const n = reader.read(countType);
  if (!Number.isInteger(n) || n < 0) throw damaged('plyBadListLength', { element: element.name });
  return n;
}

function skipElement(reader: ValueReader, element: PlyElement) {
  for (let i = 0; i < element.count; i++) {
    for (const property of element.properties) {
      if (!property.countType) {
        reader.read(property.type);
        continue;
      }
      const n = listLength(reader, property.countType, element);
      for (let j = 0; j < n; j++) reader.read(property.type);
    }
  }
}

/** Triangles fanned from the faces, and per-corner texture coordinates when the faces carry them (MeshLab). */
interface FaceOutput {
  triangles: GrowU32;
  cornerUvs: GrowF32 | null;
  skipped: number;
}

/** Reads faces, fanning polygons into triangles; faces with fewer than 3 corners are counted and left out. */
function readFaces(reader: ValueReader, element: PlyElement, listIndex: number, vertexCount: number, out: FaceOutput) {
  const properties = element.properties;
  const uvIndex = properties.findIndex((p) => p.countType && (p.name === 'texcoord' || p.name === 'texcoords'));
  if (uvIndex !== -1) out.cornerUvs ??= new GrowF32(out.triangles.data.length * 2);
  const corners: number[] = [];
  const uvs: number[] = [];
  for (let i = 0; i < element.count; i++) {
    corners.length = 0;
    uvs.length = 0;
    for (let k = 0; k < properties.length; k++) {
      const property = properties[k] as PlyProperty;
      if (!property.countType) {
        reader.read(property.type);
        continue;
      }
      const n = listLength(reader, property.countType, element);
      const keep = k === listIndex ? corners : k === uvIndex ? uvs : null;
      for (let j = 0; j < n; j++) {
        const value = reader.read(property.type);
        keep?.push(value);
      }
    }
    for (const index of corners) {
      if (!(index >= 0 && index < vertexCount) || !Number.isInteger(index)) {
        throw damaged('plyMissingVertex', { index, definedNumber: vertexCount });
      }
    }
    if (corners.length < 3) {
      out.skipped++;
      continue;
    }
    const faceUvs = out.cornerUvs && uvs.length === corners.length * 2 ? uvs : null;
    for (let j = 2; j < corners.length; j++) {
      out.triangles.push3(corners[0] as number, corners[j - 1] as number, corners[j] as number);
      if (!out.cornerUvs) continue;
      for (const c of [0, j - 1, j]) {
        // v flipped to glTF's convention; a face without coordinates gets 0, 0.
        const u = faceUvs ? (faceUvs[c * 2] as number) : 0;
        out.cornerUvs.push2(u, faceUvs ? 1 - (faceUvs[c * 2 + 1] as number) : 0);
      }
    }
  }
}
