import type { Document, Mesh, Primitive } from '@gltf-transform/core';
import { cloneDocument, meshopt } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import { codedFailure } from './conversion-types.ts';
import { meshProblem } from './geometry-guard.ts';
import { measureShapes, type PrimitiveShape } from './geometry-shape.ts';
import { gltfIO } from './gltf-io.ts';
import { plainGlb } from './gltf-validation.ts';
import { decodeMeshoptGlb } from './meshopt-plain.ts';

/** Compresses a document in place; the meshes in `keep` keep their geometry as it is (not quantized). */
export type Compress = (doc: Document, keep: ReadonlySet<Mesh>) => Promise<void>;

/**
 * gltf-transform's quantize has no per-mesh choice: a kept mesh lends its primitives to nobody for the time of the
 * transform and holds one stand-in spanning [-1, 1], whose quantization volume makes the node correction identity.
 */
function holdMeshes(doc: Document, keep: ReadonlySet<Mesh>) {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  return [...keep].map((mesh) => {
    const primitives = mesh.listPrimitives();
    for (const prim of primitives) mesh.removePrimitive(prim);
    const corners = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([-1, -1, -1, 1, 1, 1]))
      .setBuffer(buffer);
    const standIn = doc.createPrimitive().setAttribute('POSITION', corners);
    mesh.addPrimitive(standIn);
    return { mesh, primitives, standIn };
  });
}

function releaseMeshes(held: { mesh: Mesh; primitives: Primitive[]; standIn: Primitive }[]) {
  for (const { mesh, primitives, standIn } of held) {
    mesh.removePrimitive(standIn);
    const accessors = standIn.listAttributes();
    standIn.dispose();
    for (const accessor of accessors) if (accessor.listParents().length <= 1) accessor.dispose();
    for (const prim of primitives) mesh.addPrimitive(prim);
  }
}

/**
 * Normals and tangents in 8 bits a component, as gltf-transform's `optimize` and gltfpack store them: the 10-bit
 * default takes 16-bit storage, about twice the bytes, for no visible difference.
 */
const NORMAL_BITS = 8;

/** meshopt reorder + quantization + compression (EXT_meshopt_compression, decoded by three.js's loader). */
export const compressDocument: Compress = async (doc, keep) => {
  const held = holdMeshes(doc, keep);
  try {
    await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium', quantizeNormal: NORMAL_BITS }));
  } finally {
    releaseMeshes(held);
  }
};

export interface Compressed {
  glb: Uint8Array;
  /** `glb` with its meshopt buffers decoded (`decodeMeshoptGlb`): what the validator reads. */
  plain: Uint8Array;
  /** The GLB read back (meshopt decoded): what is measured. */
  decoded: Document;
  /** `decoded`'s shapes (`measureShapes`). */
  shapes: PrimitiveShape[][];
  warnings: string[];
}

const meshName = (mesh: Mesh | undefined, index: number) => mesh?.getName() || `number ${index + 1}`;

/**
 * Compresses and writes the document, reads the GLB back and compares every mesh with its input (bounds, spread,
 * morph ranges, drawn vertices). A mesh the compression damaged is compressed again from the input, kept as it
 * was, with a warning; if that fails too the conversion fails: a damaged model is never published.
 * `doc` is consumed: use the answer's `decoded`.
 */
export async function compressChecked(doc: Document, compress: Compress = compressDocument): Promise<Compressed> {
  const io = await gltfIO();
  const before = measureShapes(doc);
  const input = cloneDocument(doc);
  const attempt = async (work: Document, keep: ReadonlySet<Mesh>) => {
    await compress(work, keep);
    const glb = await io.writeBinary(work);
    // Decoded once, at the byte level: the same bytes are read back here and validated later.
    const plain = (await decodeMeshoptGlb(glb)) ?? (await plainGlb(await io.readBinary(glb)));
    const decoded = await io.readBinary(plain);
    const after = measureShapes(decoded);
    const broken = before.flatMap((shapes, index) => {
      const problem = meshProblem(shapes, after[index], { keepsVertices: true });
      return problem ? [{ index, problem }] : [];
    });
    return { glb, plain, decoded, shapes: after, broken };
  };
  const first = await attempt(doc, new Set());
  if (first.broken.length === 0) return { ...first, warnings: [] };

  const meshes = input.getRoot().listMeshes();
  const second = await attempt(input, new Set(first.broken.flatMap(({ index }) => meshes[index] ?? [])));
  const still = second.broken[0];
  if (still) {
    const name = meshName(meshes[still.index], still.index);
    throw codedFailure('optimise', 'optimiseDamaged', { name, text: still.problem });
  }
  const warnings = first.broken.map(
    ({ index, problem }) =>
      `Compressing mesh ${meshName(meshes[index], index)} would have damaged it (${problem}); it was kept at full precision`,
  );
  return { ...second, warnings };
}
