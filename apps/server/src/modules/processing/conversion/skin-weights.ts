import type { Accessor, Document, Node, Primitive, Skin } from '@gltf-transform/core';
import { floatValues } from './geometry-shape.ts';

/** The joint a vertex without weights follows: the nearest joint among its node and the node's ancestors, else the first. */
function nodeJoint(node: Node, skin: Skin): number {
  const joints = skin.listJoints();
  for (let current: Node | null = node; current; current = current.getParentNode()) {
    const index = joints.indexOf(current);
    if (index >= 0) return index;
  }
  return 0;
}

/** Weights as floats in place of quantized ones (quantization after this writes them back as it needs). */
function floatWeights(prim: Primitive, semantic: string): Float32Array | null {
  const accessor = prim.getAttribute(semantic);
  if (!accessor) return null;
  const values = floatValues(accessor);
  if (accessor.getArray() !== values) accessor.setArray(new Float32Array(values)).setNormalized(false);
  return accessor.getArray() as Float32Array;
}

/**
 * Each skinned vertex's weights sum to 1 (glTF requires it): weights are divided by their sum, and a vertex with no
 * weight at all is bound to its node's joint. Returns how many vertices had no weight.
 */
export function normaliseSkinWeights(doc: Document): number {
  let unweighted = 0;
  const done = new Set<Primitive>();
  for (const node of doc.getRoot().listNodes()) {
    const skin = node.getSkin();
    const mesh = node.getMesh();
    if (!skin || !mesh) continue;
    const fallback = nodeJoint(node, skin);
    for (const prim of mesh.listPrimitives()) {
      if (done.has(prim)) continue;
      done.add(prim);
      const sets: { weights: Float32Array; joints: Accessor }[] = [];
      for (let set = 0; prim.getAttribute(`WEIGHTS_${set}`) && prim.getAttribute(`JOINTS_${set}`); set++) {
        const weights = floatWeights(prim, `WEIGHTS_${set}`) as Float32Array;
        sets.push({ weights, joints: prim.getAttribute(`JOINTS_${set}`) as Accessor });
      }
      const first = sets[0];
      if (!first) continue;
      const count = first.weights.length / 4;
      for (let v = 0; v < count; v++) {
        let sum = 0;
        for (const { weights } of sets) for (let k = 0; k < 4; k++) sum += Math.max(0, weights[v * 4 + k] as number);
        if (sum > 0) {
          for (const { weights } of sets) {
            for (let k = 0; k < 4; k++) weights[v * 4 + k] = Math.max(0, weights[v * 4 + k] as number) / sum;
          }
          continue;
        }
        unweighted++;
        for (const { weights } of sets) weights.fill(0, v * 4, v * 4 + 4);
        first.weights[v * 4] = 1;
        const joints = first.joints.getElement(v, [0, 0, 0, 0]);
        joints[0] = fallback;
        first.joints.setElement(v, joints);
      }
    }
  }
  return unweighted;
}
