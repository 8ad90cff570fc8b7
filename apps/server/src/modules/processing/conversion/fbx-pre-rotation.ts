import type { Document } from '@gltf-transform/core';

/** The helper node assimp puts above an FBX node with a PreRotation; it carries that rotation. */
const PRE_ROTATION = '_$AssimpFbx$_PreRotation';
const TOLERANCE = 1e-4;

type Quat = [number, number, number, number];

const multiply = (a: Quat, b: Quat): Quat => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const conjugate = ([x, y, z, w]: Quat): Quat => [-x, -y, -z, w];
/** The same rotation (q and −q are one). */
const same = (a: Quat, b: Quat) =>
  Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number)))) < TOLERANCE ||
  Math.max(...a.map((v, i) => Math.abs(v + (b[i] as number)))) < TOLERANCE;
const isIdentity = (q: Quat) => same(q, [0, 0, 0, 1]);

/**
 * assimp gives an animated FBX node with a PreRotation both a helper node that carries it and rotation keys that
 * include it again, so the node turns twice as far while the animation plays (the Maya skeleton: 180° instead of
 * 90°, lying down instead of standing). Where a channel's first key is exactly the helper's rotation times the
 * node's own, the helper's rotation is taken out of every key. Returns how many channels were corrected.
 */
export function removeDoubledPreRotation(doc: Document): number {
  let corrected = 0;
  for (const animation of doc.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      const parent = node?.getParentNode();
      const sampler = channel.getSampler();
      const output = sampler?.getOutput();
      const values = output?.getArray();
      if (!node || !parent || channel.getTargetPath() !== 'rotation' || !output || !values) continue;
      if (parent.getName() !== `${node.getName()}${PRE_ROTATION}` || sampler?.getInterpolation() === 'CUBICSPLINE') {
        continue;
      }
      const pre = parent.getRotation() as Quat;
      const first = Array.from(values.slice(0, 4)) as Quat;
      if (isIdentity(pre) || !same(first, multiply(pre, node.getRotation() as Quat))) continue;
      // Shared by other channels: correct a copy, not theirs.
      const shared = output.listParents().filter((p) => p.propertyType === 'AnimationSampler').length > 1;
      const target = shared ? output.clone() : output;
      const inverse = conjugate(pre);
      const fixed = new Float32Array(values.length);
      for (let i = 0; i + 3 < values.length; i += 4) {
        fixed.set(multiply(inverse, Array.from(values.slice(i, i + 4)) as Quat), i);
      }
      target.setArray(fixed);
      if (shared) sampler?.setOutput(target);
      corrected++;
    }
  }
  return corrected;
}
