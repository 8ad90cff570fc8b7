import { type Accessor, type Document, type Mesh, type Node, Primitive, PropertyType } from '@gltf-transform/core';
import type { InstancedMesh } from '@gltf-transform/extensions';
import { dedup, dequantize, prune, simplifyPrimitive, weldPrimitive } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import type { ConversionFigures } from './conversion-types.ts';
import { guardPrimitive } from './geometry-guard.ts';
import { repairForGltf } from './gltf-repair.ts';
import { normaliseSkinWeights } from './skin-weights.ts';

/** Meshes above this many triangles are simplified (unless skinned or morphed). */
export const SIMPLIFY_ABOVE_TRIANGLES = 100_000;

export type GeometryFigures = Pick<
  ConversionFigures,
  'triangles' | 'vertices' | 'points' | 'meshes' | 'materials' | 'materialNames' | 'textures' | 'bounds'
>;

export function primitiveTriangles(prim: Primitive): number {
  const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
  switch (prim.getMode()) {
    case Primitive.Mode.TRIANGLES:
      return Math.floor(count / 3);
    case Primitive.Mode.TRIANGLE_STRIP:
    case Primitive.Mode.TRIANGLE_FAN:
      return Math.max(0, count - 2);
    default:
      return 0;
  }
}

/**
 * How many times each mesh is drawn: once per node of the default scene that uses it (times its GPU instances).
 * Without a scene, each mesh once.
 */
function drawnMeshes(doc: Document): Map<Mesh, number> {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const drawn = new Map<Mesh, number>();
  if (!scene) {
    for (const mesh of root.listMeshes()) drawn.set(mesh, 1);
    return drawn;
  }
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const instances = node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing');
    const times = instances ? (instances.listAttributes()[0]?.getCount() ?? 1) : 1;
    drawn.set(mesh, (drawn.get(mesh) ?? 0) + times);
  };
  for (const child of scene.listChildren()) child.traverse(visit);
  return drawn;
}

/**
 * Counts as the scene draws them (a mesh used by ten nodes counts ten times; a mesh no node of the scene uses, not
 * at all), and the scene's bounds unless `withBounds` is false (they cost one pass over the vertices).
 */
export function geometryFigures(doc: Document, withBounds = true): GeometryFigures {
  const root = doc.getRoot();
  let triangles = 0;
  let vertices = 0;
  let points = 0;
  for (const [mesh, times] of drawnMeshes(doc)) {
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getAttribute('POSITION')?.getCount() ?? 0;
      vertices += count * times;
      triangles += primitiveTriangles(prim) * times;
      if (prim.getMode() === Primitive.Mode.POINTS) points += count * times;
    }
  }
  return {
    triangles,
    vertices,
    points,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    materialNames: root.listMaterials().map((material) => material.getName()),
    textures: root.listTextures().length,
    bounds: withBounds ? sceneBounds(doc) : null,
  };
}

/** World-space bounds of the default scene's vertices (every vertex of every mesh a node draws). */
export function sceneBounds(doc: Document): GeometryFigures['bounds'] {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) return null;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    if (mesh) {
      const m = node.getWorldMatrix();
      for (const prim of mesh.listPrimitives()) {
        const position = prim.getAttribute('POSITION');
        if (position) expandBounds(position, m, min, max);
      }
    }
  };
  for (const child of scene.listChildren()) child.traverse(visit);
  return [...min, ...max].every(Number.isFinite) ? { min, max } : null;
}

function expandBounds(position: Accessor, m: ArrayLike<number>, min: number[], max: number[]) {
  const count = position.getCount();
  const array = position.getArray();
  const direct = array instanceof Float32Array && position.getElementSize() === 3;
  const element = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    let x: number;
    let y: number;
    let z: number;
    if (direct) {
      x = array[i * 3] as number;
      y = array[i * 3 + 1] as number;
      z = array[i * 3 + 2] as number;
    } else {
      position.getElement(i, element);
      [x, y, z] = element as [number, number, number];
    }
    const wx = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number);
    const wy = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number);
    const wz = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number);
    if (!(Number.isFinite(wx) && Number.isFinite(wy) && Number.isFinite(wz))) continue;
    if (wx < (min[0] as number)) min[0] = wx;
    if (wx > (max[0] as number)) max[0] = wx;
    if (wy < (min[1] as number)) min[1] = wy;
    if (wy > (max[1] as number)) max[1] = wy;
    if (wz < (min[2] as number)) min[2] = wz;
    if (wz > (max[2] as number)) max[2] = wz;
  }
}

/** Meshes drawn with a skin or carrying morph targets: simplifying them would bend animations. */
function animatedMeshes(doc: Document) {
  const meshes = new Set();
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (mesh && node.getSkin()) meshes.add(mesh);
  }
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      if (prim.getAttribute('JOINTS_0') || prim.listTargets().length > 0) meshes.add(mesh);
    }
  }
  return meshes;
}

/**
 * Welds primitives that share few vertices: unindexed ones, assimp's output (its index buffer is always 0..n-1) and
 * files written with a vertex per face corner.
 * Primitives already indexed with shared vertices (our OBJ and PLY readers, most glTF files) are left as they are:
 * welding them again would cost time for nothing.
 */
function weldUnshared(doc: Document, warnings: string[]) {
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() === Primitive.Mode.POINTS) continue;
      const vertices = prim.getAttribute('POSITION')?.getCount() ?? 0;
      const indices = prim.getIndices();
      // Each vertex used twice or more on average: already shared.
      if (indices && indices.getCount() >= vertices * 2) continue;
      const problem = guardPrimitive(prim, { keepsVertices: false }, (p) => weldPrimitive(p));
      if (problem) warnings.push(undone('Welding', mesh.getName(), problem));
    }
  }
}

const undone = (work: string, mesh: string, problem: string) =>
  `${work} mesh ${mesh || '(unnamed)'} would have damaged it (${problem}); that step was undone for it`;

/**
 * Decodes quantized attributes, then dedup, prune, weld; simplifies heavy static meshes within a small error;
 * normalises skin weights and repairs what glTF forbids (`repairForGltf`). Each weld and simplification is checked (`guardPrimitive`): one that damages its
 * primitive is undone with a warning in `warnings`. Returns the triangle count before simplification and whether
 * any mesh was simplified. `keepLeaves` keeps empty leaf nodes (for a file without meshes).
 */
export async function optimiseDocument(
  doc: Document,
  warnings: string[] = [],
  { keepLeaves = false } = {},
): Promise<{ simplified: boolean; trianglesBefore: number }> {
  await Promise.all([MeshoptEncoder.ready, MeshoptSimplifier.ready]);
  // Quantized input (KHR_mesh_quantization, integer positions): quantizing it again read the integers as if they
  // were within [-1, 1] and collapsed every vertex to one corner. From here on, attributes are floats.
  // keepAttributes: UV sets and colours no material uses yet stay, for a material applied later. keepLeaves: in a
  // file without meshes, the empty leaf nodes (a skeleton's end joints) are what it carries.
  // Materials of different names stay apart even when they look alike: each is a slot of the model, given its own
  // finishes ('Door' and 'Frame', decision 0059). Only materials keep their names apart (dedup's keepUniqueNames
  // would keep textures, meshes and skins apart too); the order is dedup's own: accessors, textures, materials, meshes.
  await doc.transform(
    dequantize(),
    dedup({ propertyTypes: [PropertyType.ACCESSOR, PropertyType.TEXTURE] }),
    dedup({ propertyTypes: [PropertyType.MATERIAL], keepUniqueNames: true }),
    dedup({ propertyTypes: [PropertyType.MESH, PropertyType.SKIN] }),
    prune({ keepAttributes: true, keepLeaves }),
  );
  weldUnshared(doc, warnings);
  const trianglesBefore = geometryFigures(doc, false).triangles;
  const animated = animatedMeshes(doc);
  let simplified = false;
  for (const mesh of doc.getRoot().listMeshes()) {
    if (animated.has(mesh)) continue;
    const prims = mesh.listPrimitives();
    const triangles = prims.reduce((sum, prim) => sum + primitiveTriangles(prim), 0);
    if (triangles <= SIMPLIFY_ABOVE_TRIANGLES) continue;
    for (const prim of prims) {
      if (prim.getMode() !== Primitive.Mode.TRIANGLES || !prim.getIndices()) continue;
      const before = primitiveTriangles(prim);
      const problem = guardPrimitive(prim, { keepsVertices: false }, (p) =>
        simplifyPrimitive(p, { simplifier: MeshoptSimplifier, ratio: 0.5, error: 0.001, lockBorder: true }),
      );
      if (problem) warnings.push(undone('Simplifying', mesh.getName(), problem));
      else if (primitiveTriangles(prim) < before) simplified = true;
    }
  }
  if (simplified) await doc.transform(prune({ keepAttributes: true }));
  const unweighted = normaliseSkinWeights(doc);
  if (unweighted > 0) {
    const vertices = `${unweighted.toLocaleString('en-US')} skinned vert${unweighted === 1 ? 'ex' : 'ices'}`;
    warnings.push(`${vertices} had no joint weight; bound to their node's joint`);
  }
  repairForGltf(doc, warnings);
  return { simplified, trianglesBefore };
}
