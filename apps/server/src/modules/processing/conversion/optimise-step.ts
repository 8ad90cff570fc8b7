import { type Document, getBounds, Primitive } from '@gltf-transform/core';
import { dedup, meshopt, prune, simplifyPrimitive, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import type { ConversionFigures } from './conversion-types.ts';

/** Meshes above this many triangles are simplified (unless skinned or morphed). */
export const SIMPLIFY_ABOVE_TRIANGLES = 100_000;

export type GeometryFigures = Pick<
  ConversionFigures,
  'triangles' | 'vertices' | 'points' | 'meshes' | 'materials' | 'textures' | 'bounds'
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

export function geometryFigures(doc: Document): GeometryFigures {
  const root = doc.getRoot();
  let triangles = 0;
  let vertices = 0;
  let points = 0;
  for (const mesh of root.listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getAttribute('POSITION')?.getCount() ?? 0;
      vertices += count;
      triangles += primitiveTriangles(prim);
      if (prim.getMode() === Primitive.Mode.POINTS) points += count;
    }
  }
  let bounds: GeometryFigures['bounds'] = null;
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (scene) {
    const { min, max } = getBounds(scene);
    if ([...min, ...max].every(Number.isFinite)) bounds = { min, max };
  }
  return {
    triangles,
    vertices,
    points,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    bounds,
  };
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
 * dedup, prune, weld; simplifies heavy static meshes within a small error; meshopt reorder + quantize + compression.
 * Returns the triangle count before simplification and whether any mesh was simplified.
 */
export async function optimiseDocument(doc: Document): Promise<{ simplified: boolean; trianglesBefore: number }> {
  await Promise.all([MeshoptEncoder.ready, MeshoptSimplifier.ready]);
  // assimp's output is not indexed; indexed primitives (ours, glTF uploads) are left as they are.
  await doc.transform(dedup(), prune(), weld({ overwrite: false }));
  const trianglesBefore = geometryFigures(doc).triangles;
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
      simplifyPrimitive(prim, { simplifier: MeshoptSimplifier, ratio: 0.5, error: 0.001, lockBorder: true });
      if (primitiveTriangles(prim) < before) simplified = true;
    }
  }
  if (simplified) await doc.transform(prune());
  return { simplified, trianglesBefore };
}

/** Final compression; runs after the figures are taken (quantization moves positions into node transforms). */
export async function compressDocument(doc: Document): Promise<void> {
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
}
