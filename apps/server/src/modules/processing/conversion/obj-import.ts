import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, type Material, type Mesh, Primitive, type Texture } from '@gltf-transform/core';
import { ConversionError, codedFailure } from './conversion-types.ts';
import { baseName, type FileIndex } from './file-index.ts';
import { QUIET } from './gltf-io.ts';
import { createPbrMaterial, type MtlMaterial, parseMtl } from './mtl-import.ts';
import { type ObjData, ObjSyntaxError, parseObjFile } from './obj-parser.ts';
import { imageMimeType } from './texture-images.ts';

/** Imports an OBJ (and the MTL files and textures it names, resolved in `index`) into a glTF document. */
export async function importObj(
  filePath: string,
  name: string,
  index: FileIndex,
  warnings: string[],
): Promise<Document> {
  let data: ObjData;
  try {
    data = await parseObjFile(filePath);
  } catch (error) {
    if (error instanceof ObjSyntaxError) throw ConversionError.of('convert', error);
    throw error;
  }
  const vCount = data.positions.length / 3;
  const tCount = data.uvs.length / 2;
  const nCount = data.normals.length / 3;
  if (data.maxV >= vCount) {
    throw codedFailure('convert', 'objMissingVertex', { indexNumber: data.maxV + 1, definedNumber: vCount });
  }
  if (data.maxT >= tCount) {
    throw codedFailure('convert', 'objMissingTexCoord', { indexNumber: data.maxT + 1, definedNumber: tCount });
  }
  if (data.maxN >= nCount) {
    throw codedFailure('convert', 'objMissingNormal', { indexNumber: data.maxN + 1, definedNumber: nCount });
  }
  if (vCount === 0) throw codedFailure('convert', 'objNoGeometry');
  if (data.skippedLines > 0)
    warnings.push(`${data.skippedLines} lines, points or faces with fewer than 3 corners were skipped`);

  const doc = new Document().setLogger(QUIET);
  const buffer = doc.createBuffer();
  const scene = doc.createScene(path.posix.basename(name));
  const colours = data.colors.length > 0 ? data.colors.data : null;
  const materials = await loadMaterials(doc, data, name, index, warnings, colours !== null);
  const meshes = new Map<string, Mesh>();
  const meshOf = (object: string) => {
    let mesh = meshes.get(object);
    if (!mesh) {
      mesh = doc.createMesh(object);
      scene.addChild(doc.createNode(object || path.posix.basename(name)).setMesh(mesh));
      meshes.set(object, mesh);
    }
    return mesh;
  };
  const accessor = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array | Uint32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  const firstOut = new Int32Array(vCount).fill(-1);
  let triangles = 0;
  for (const group of data.groups) {
    const count = group.corners.length / 3;
    if (count === 0) continue;
    triangles += count / 3;
    const corners = group.corners.data;
    const outV = new Int32Array(count);
    const outT = new Int32Array(count);
    const outN = new Int32Array(count);
    const next = new Int32Array(count);
    const indices = new Uint32Array(count);
    let outCount = 0;
    let hasT = false;
    let hasN = false;
    for (let i = 0; i < count; i++) {
      const v = corners[i * 3] as number;
      const t = corners[i * 3 + 1] as number;
      const n = corners[i * 3 + 2] as number;
      if (t >= 0) hasT = true;
      if (n >= 0) hasN = true;
      let o = firstOut[v] as number;
      while (o !== -1 && (outT[o] !== t || outN[o] !== n)) o = next[o] as number;
      if (o === -1) {
        o = outCount++;
        outV[o] = v;
        outT[o] = t;
        outN[o] = n;
        next[o] = firstOut[v] as number;
        firstOut[v] = o;
      }
      indices[i] = o;
    }
    const positions = new Float32Array(outCount * 3);
    const uvs = hasT ? new Float32Array(outCount * 2) : undefined;
    const normals = hasN ? new Float32Array(outCount * 3) : undefined;
    const colors = colours ? new Float32Array(outCount * 3) : undefined;
    const P = data.positions.data;
    const T = data.uvs.data;
    const N = data.normals.data;
    for (let o = 0; o < outCount; o++) {
      const v = outV[o] as number;
      firstOut[v] = -1;
      positions[o * 3] = P[v * 3] as number;
      positions[o * 3 + 1] = P[v * 3 + 1] as number;
      positions[o * 3 + 2] = P[v * 3 + 2] as number;
      if (colors && colours) colors.set(colours.subarray(v * 3, v * 3 + 3), o * 3);
      const t = outT[o] as number;
      if (uvs && t >= 0) {
        uvs[o * 2] = T[t * 2] as number;
        uvs[o * 2 + 1] = T[t * 2 + 1] as number;
      }
      const n = outN[o] as number;
      if (normals && n >= 0) {
        normals[o * 3] = N[n * 3] as number;
        normals[o * 3 + 1] = N[n * 3 + 1] as number;
        normals[o * 3 + 2] = N[n * 3 + 2] as number;
      }
    }
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', positions))
      .setIndices(accessor('SCALAR', outCount <= 65535 ? Uint16Array.from(indices) : indices))
      .setMaterial(materials(group.material));
    if (uvs) prim.setAttribute('TEXCOORD_0', accessor('VEC2', uvs));
    if (normals) prim.setAttribute('NORMAL', accessor('VEC3', normals));
    if (colors) prim.setAttribute('COLOR_0', accessor('VEC3', colors));
    meshOf(group.object).addPrimitive(prim);
  }
  if (triangles === 0) {
    // Vertices without faces: a point cloud.
    const prim = doc
      .createPrimitive()
      .setMode(Primitive.Mode.POINTS as 0)
      .setAttribute('POSITION', accessor('VEC3', data.positions.data.slice(0, vCount * 3)))
      .setMaterial(materials(undefined));
    if (colours) prim.setAttribute('COLOR_0', accessor('VEC3', colours.slice(0, vCount * 3)));
    meshOf('').addPrimitive(prim);
  }
  return doc;
}

async function loadMaterials(
  doc: Document,
  data: ObjData,
  objName: string,
  index: FileIndex,
  warnings: string[],
  vertexColours: boolean,
): Promise<(name: string | undefined) => Material> {
  const defined = new Map<string, { mtl: MtlMaterial; from: string }>();
  for (const lib of data.mtllibs) {
    const file = index.resolve(lib, objName) ?? resolveSplit(lib, objName, index);
    if (!file) {
      warnings.push(`Material library ${baseName(lib)} was not found in the upload`);
      continue;
    }
    for (const mtl of parseMtl(await readFile(file.filePath, 'utf8'))) {
      if (!defined.has(mtl.name)) defined.set(mtl.name, { mtl, from: file.name });
    }
  }
  const textures = new Map<string, Texture | null>();
  const texture = async (reference: string, from: string): Promise<Texture | null> => {
    const file = index.resolve(reference, from);
    const key = file?.filePath ?? reference.toLowerCase();
    const known = textures.get(key);
    if (known !== undefined) return known;
    let made: Texture | null = null;
    if (!file) {
      warnings.push(`Texture ${baseName(reference)} was not found in the upload`);
    } else {
      const image = await readFile(file.filePath);
      made = doc
        .createTexture(path.posix.basename(file.name))
        .setURI(path.posix.basename(file.name))
        .setImage(new Uint8Array(image.buffer, image.byteOffset, image.byteLength))
        .setMimeType(imageMimeType(image, file.name));
    }
    textures.set(key, made);
    return made;
  };

  const made = new Map<string, Material>();
  const needed = new Set(data.groups.filter((g) => g.corners.length > 0).map((g) => g.material ?? ''));
  if (needed.size === 0) needed.add('');
  for (const name of needed) {
    const entry = defined.get(name);
    if (!entry) {
      if (name !== '' && data.mtllibs.length > 0)
        warnings.push(`Material ${name} is not defined in the material library`);
      made.set(
        name,
        // Vertex colours multiply the base colour: a material the file does not define stays white so they show.
        createPbrMaterial(
          doc,
          { name: name || 'Default', maps: {}, ...(vertexColours ? { kd: [1, 1, 1] } : {}) },
          () => undefined,
        ),
      );
      continue;
    }
    const resolved = new Map<string, Texture | null>();
    for (const ref of Object.values(entry.mtl.maps)) {
      if (ref && !resolved.has(ref)) resolved.set(ref, await texture(ref, entry.from));
    }
    made.set(
      name,
      createPbrMaterial(doc, entry.mtl, (ref) => resolved.get(ref) ?? undefined),
    );
  }
  return (name) => made.get(name ?? '') as Material;
}

/** `mtllib a.mtl b.mtl`: several libraries on one line when the whole line names no file. */
function resolveSplit(lib: string, objName: string, index: FileIndex) {
  for (const part of lib.split(/\s+/)) {
    const file = index.resolve(part, objName);
    if (file) return file;
  }
  return undefined;
}
