import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Document } from '@gltf-transform/core';
import { CodedError, ConversionError, codedFailure } from './conversion-types.ts';
import { QUIET } from './gltf-io.ts';
import { createPbrMaterial } from './mtl-import.ts';

export class StlSyntaxError extends CodedError {}

/**
 * Positions only: an STL's normals are its facets' (often zeros), and glTF viewers draw a mesh without normals with
 * flat facets, as an STL means. Without them the optimise step welds the corners into shared vertices.
 */
export interface StlData {
  name: string;
  /** Three corners per triangle, not shared (the optimise step welds them). */
  positions: Float32Array;
}

/** Binary when the size matches the triangle count of the header; ASCII when it starts with `solid` and is text. */
export function parseStl(bytes: Uint8Array): StlData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.byteLength >= 84 ? view.getUint32(80, true) : -1;
  const startsSolid = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(5, bytes.byteLength)).toString() === 'solid';
  if (count >= 0 && bytes.byteLength === 84 + count * 50) return parseBinary(view, count);
  if (startsSolid && !bytes.subarray(0, 1024).includes(0)) return parseAscii(bytes);
  if (count >= 0 && bytes.byteLength > 84 + count * 50) return parseBinary(view, count);
  throw count >= 0
    ? new StlSyntaxError('stlTrianglesMissing', { trianglesNumber: count })
    : new StlSyntaxError('stlTooShort');
}

function parseBinary(view: DataView, count: number): StlData {
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const at = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(at + k * 4, true);
  }
  return { name: '', positions };
}

function parseAscii(bytes: Uint8Array): StlData {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const name = /^solid[ \t]*([^\r\n]*)/.exec(text)?.[1]?.trim() ?? '';
  const corners: number[] = [];
  const vertex = /\b(vertex|facet)\s+(\S+)\s+(\S+)\s+(\S+)/g;
  for (let match = vertex.exec(text); match; match = vertex.exec(text)) {
    if (match[1] === 'facet') {
      if (corners.length % 9 !== 0) throw new StlSyntaxError('stlFacetCorners');
      continue;
    }
    const x = Number(match[2]);
    const y = Number(match[3]);
    const z = Number(match[4]);
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) {
      throw new StlSyntaxError('stlNotNumbers', { token: match[0].slice(0, 40) });
    }
    corners.push(x, y, z);
  }
  if (corners.length % 9 !== 0) throw new StlSyntaxError('stlFacetCorners');
  return { name, positions: Float32Array.from(corners) };
}

/** Imports an STL file (binary or ASCII) into a glTF document: one mesh of flat-shaded triangles. */
export async function importStl(filePath: string, name: string): Promise<Document> {
  const bytes = await readFile(filePath);
  let data: StlData;
  try {
    data = parseStl(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (error instanceof StlSyntaxError) throw ConversionError.of('convert', error);
    throw error;
  }
  if (data.positions.length === 0) throw codedFailure('convert', 'stlNoTriangles');
  const doc = new Document().setLogger(QUIET);
  const buffer = doc.createBuffer();
  const title = data.name || path.posix.basename(name);
  const position = doc.createAccessor().setType('VEC3').setArray(data.positions).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setMaterial(createPbrMaterial(doc, { name: 'Default', maps: {} }, () => undefined));
  const mesh = doc.createMesh(title).addPrimitive(prim);
  doc.createScene(path.posix.basename(name)).addChild(doc.createNode(title).setMesh(mesh));
  return doc;
}
