import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, Primitive, type Texture } from '@gltf-transform/core';
import { ConversionError, codedFailure } from './conversion-types.ts';
import { baseName, type FileIndex } from './file-index.ts';
import { QUIET } from './gltf-io.ts';
import { createPbrMaterial } from './mtl-import.ts';
import { type PlyData, PlySyntaxError, parsePly } from './ply-parser.ts';
import { imageMimeType } from './texture-images.ts';

/** Imports a PLY file (and a texture it names with `comment TextureFile`, resolved in `index`) into a glTF document. */
export async function importPly(
  filePath: string,
  name: string,
  index: FileIndex,
  warnings: string[],
): Promise<Document> {
  const bytes = await readFile(filePath);
  let data: PlyData;
  try {
    data = parsePly(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (error instanceof PlySyntaxError) throw ConversionError.of('convert', error);
    throw error;
  }
  if (data.vertexCount === 0) throw codedFailure('convert', 'plyNoGeometry');
  return plyDocument(data, name, await plyTexture(data, name, index, warnings), warnings);
}

/** `size` components of `from` for each index. */
function gather(from: Float32Array, size: number, indices: Uint32Array): Float32Array {
  const out = new Float32Array(indices.length * size);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i] as number;
    for (let c = 0; c < size; c++) out[i * size + c] = from[v * size + c] as number;
  }
  return out;
}

async function plyTexture(data: PlyData, name: string, index: FileIndex, warnings: string[]) {
  const reference = data.textureFiles[0];
  if (!reference || !(data.uvs || data.cornerUvs)) return null;
  const file = index.resolve(reference, name);
  if (!file) {
    warnings.push(`Texture ${baseName(reference)} was not found in the upload`);
    return null;
  }
  return { name: path.posix.basename(file.name), image: await readFile(file.filePath) };
}

/** Builds the document: one mesh, triangles when the file has faces, else a point cloud that keeps its colours. */
export function plyDocument(
  data: PlyData,
  name: string,
  texture: { name: string; image: Buffer } | null,
  warnings: string[],
): Document {
  const doc = new Document().setLogger(QUIET);
  const buffer = doc.createBuffer();
  const title = path.posix.basename(name);
  const accessor = (type: 'VEC2' | 'VEC3' | 'VEC4' | 'SCALAR', array: Float32Array | Uint32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  let made: Texture | undefined;
  if (texture) {
    const image = texture.image;
    made = doc
      .createTexture(texture.name)
      .setURI(texture.name)
      .setImage(new Uint8Array(image.buffer, image.byteOffset, image.byteLength))
      .setMimeType(imageMimeType(image, texture.name));
  }
  const material = createPbrMaterial(
    doc,
    {
      name: 'Default',
      // Vertex colours multiply the base colour: keep it white so they show as they are.
      ...(data.colors || made ? { kd: [1, 1, 1] } : {}),
      maps: made ? { kd: texture?.name } : {},
    },
    () => made,
  );

  if (data.skippedFaces > 0) warnings.push(`${data.skippedFaces} faces with fewer than 3 corners were skipped`);
  const triangles = data.indices && data.indices.length > 0 ? data.indices : null;
  if (data.indices && !triangles) warnings.push('The PLY file has faces but none with 3 corners: read as points');
  const prim = doc.createPrimitive().setMaterial(material);
  const colorType = data.colorComponents === 4 ? 'VEC4' : 'VEC3';
  if (triangles && data.cornerUvs) {
    // Coordinates per face corner: one vertex per corner (the optimise step welds them back).
    prim.setAttribute('POSITION', accessor('VEC3', gather(data.positions, 3, triangles)));
    if (data.normals) prim.setAttribute('NORMAL', accessor('VEC3', gather(data.normals, 3, triangles)));
    if (data.colors)
      prim.setAttribute('COLOR_0', accessor(colorType, gather(data.colors, data.colorComponents, triangles)));
    prim.setAttribute('TEXCOORD_0', accessor('VEC2', data.cornerUvs));
  } else {
    prim.setAttribute('POSITION', accessor('VEC3', data.positions));
    if (triangles) {
      prim.setIndices(accessor('SCALAR', data.vertexCount <= 65535 ? Uint16Array.from(triangles) : triangles));
    } else {
      prim.setMode(Primitive.Mode.POINTS as 0);
    }
    if (data.normals) prim.setAttribute('NORMAL', accessor('VEC3', data.normals));
    if (data.colors) prim.setAttribute('COLOR_0', accessor(colorType, data.colors));
    if (data.uvs) prim.setAttribute('TEXCOORD_0', accessor('VEC2', data.uvs));
  }
  const mesh = doc.createMesh(title).addPrimitive(prim);
  doc.createScene(title).addChild(doc.createNode(title).setMesh(mesh));
  return doc;
}
