import { type Document, type Mesh, Primitive, PropertyType } from '@gltf-transform/core';
import { cloneDocument, compactPrimitive, dequantize, prune, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import { compressDocument } from './compress-step.ts';
import { gltfIO } from './gltf-io.ts';
import { validateGlb } from './gltf-validation.ts';
import { decodeMeshoptGlb } from './meshopt-plain.ts';
import { geometryFigures, primitiveTriangles } from './optimise-step.ts';
import { declareUsedExtensions } from './output-extensions.ts';

/** A web-ready GLB above this many bytes gets a light version, drawn first on the share page. */
export const LITE_ABOVE_BYTES = 1024 * 1024;
/** The light version's triangles in all (as the scene draws them), and its textures' largest side. */
export const LITE_MAX_TRIANGLES = 60_000;
export const LITE_TEXTURE_PX = 256;
/** The light version's aim, as a share of the full GLB's bytes; its triangles never go below the floor for it. */
export const LITE_SHARE = 0.15;
export const LITE_MIN_TRIANGLES = 10_000;
/** Primitives this small are kept as they are: simplifying them saves nothing and may erase them. */
const KEEP_BELOW_TRIANGLES = 64;

export interface LiteGlb {
  glb: Uint8Array;
  triangles: number;
  validatorErrors: number;
}

/** Meshes drawn with a skin or carrying morph targets: simplifying them would bend their animation. */
function animatedMeshes(doc: Document): Set<Mesh> {
  const meshes = new Set<Mesh>();
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (mesh && node.getSkin()) meshes.add(mesh);
  }
  for (const mesh of doc.getRoot().listMeshes()) {
    if (mesh.listPrimitives().some((p) => p.getAttribute('JOINTS_0') || p.listTargets().length > 0)) meshes.add(mesh);
  }
  return meshes;
}

/**
 * One primitive to about `ratio` of its triangles. Permissive: a flat-shaded or seamed mesh (a vertex per face
 * corner) would otherwise hardly move; where that still keeps too many, the sloppy simplifier (a grid) finishes.
 */
function simplifyLite(prim: Primitive, ratio: number, error: number, sloppy: boolean) {
  const positions = prim.getAttribute('POSITION');
  const indices = prim.getIndices();
  if (!positions || !indices) return;
  const source = positions.getArray();
  const xyz =
    source instanceof Float32Array && positions.getElementSize() === 3
      ? source
      : Float32Array.from({ length: positions.getCount() * 3 }, (_, i) => {
          const element = positions.getElement(Math.floor(i / 3), [0, 0, 0]);
          return element[i % 3] as number;
        });
  const input = Uint32Array.from(indices.getArray() ?? []);
  const target = Math.max(3, Math.floor((ratio * input.length) / 3) * 3);
  const [output] = sloppy
    ? MeshoptSimplifier.simplifySloppy(input, xyz, 3, null, target, error)
    : MeshoptSimplifier.simplify(input, xyz, 3, target, error, ['Permissive']);
  if (output.length === 0 || output.length >= input.length) return;
  const replaced = indices;
  prim.setIndices(indices.clone().setArray(output));
  if (replaced.listParents().length === 1) replaced.dispose();
  compactPrimitive(prim);
}

function simplifyPass(doc: Document, ratio: number, error: number, sloppy: boolean) {
  const animated = animatedMeshes(doc);
  for (const mesh of doc.getRoot().listMeshes()) {
    if (animated.has(mesh)) continue;
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() !== Primitive.Mode.TRIANGLES || !prim.getIndices()) continue;
      if (primitiveTriangles(prim) < KEEP_BELOW_TRIANGLES) continue;
      simplifyLite(prim, ratio, error, sloppy);
    }
  }
}

/**
 * The light version of a web-ready model, drawn while the full one loads (issue 30): the same scene graph, nodes and
 * materials in the same order (material i is slot i, decision 0059: the share page lays finishes by index), geometry
 * simplified to about `LITE_MAX_TRIANGLES` in all (one ratio for every mesh), textures at most `LITE_TEXTURE_PX`
 * as WebP, meshopt-compressed as the full GLB. `decoded` is the full GLB read back; it is left as it is.
 * Throws when its decoded form does not validate: the caller publishes no light version then.
 */
export async function makeLiteGlb(decoded: Document, maxTriangles = LITE_MAX_TRIANGLES): Promise<LiteGlb> {
  await MeshoptSimplifier.ready;
  const doc = cloneDocument(decoded);
  // Accessors only: pruning materials or nodes would shift the slots.
  await doc.transform(dequantize(), weld());
  const passes = [
    { error: 0.01, sloppy: false },
    { error: 0.05, sloppy: false },
    { error: 1, sloppy: true },
  ];
  for (const { error, sloppy } of passes) {
    const triangles = geometryFigures(doc, false).triangles;
    if (triangles <= maxTriangles) break;
    simplifyPass(doc, maxTriangles / triangles, error, sloppy);
  }
  await doc.transform(
    prune({ propertyTypes: [PropertyType.ACCESSOR], keepAttributes: true, keepLeaves: true }),
    textureCompress({
      encoder: sharp,
      targetFormat: 'webp',
      resize: [LITE_TEXTURE_PX, LITE_TEXTURE_PX],
      // KTX2 textures (GPU-compressed, decision 0035) stay as they are: sharp cannot read them.
      formats: /^image\/(jpeg|png|webp|avif)$/,
    }),
  );
  const triangles = geometryFigures(doc, false).triangles;
  await compressDocument(doc, new Set());
  const io = await gltfIO();
  const glb = declareUsedExtensions(await io.writeBinary(doc));
  const plain = await decodeMeshoptGlb(glb);
  if (!plain) throw new Error('the light GLB references outside buffers');
  const validation = await validateGlb(declareUsedExtensions(plain));
  if (validation.firstError) throw new Error(`the light GLB is not valid: ${validation.firstError}`);
  return { glb, triangles, validatorErrors: validation.errors };
}
