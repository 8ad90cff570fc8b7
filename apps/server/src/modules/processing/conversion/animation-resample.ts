import type { Document } from '@gltf-transform/core';
import { resample } from '@gltf-transform/functions';

/**
 * A keyframe is dropped when its value lies within this distance (per component: metres for translations, scale
 * factors, quaternion components for rotations) of the curve through the keyframes kept around it; exporters bake one
 * key per frame, most of them on a straight line. The default of glTF-Transform's `resample` (decision 0035).
 */
export const KEYFRAME_TOLERANCE = 1e-4;

/** Keyframes of every animation sampler (each sampler's times, counted once per sampler). */
export function countKeyframes(doc: Document): number {
  let keys = 0;
  for (const animation of doc.getRoot().listAnimations()) {
    for (const sampler of animation.listSamplers()) keys += sampler.getInput()?.getCount() ?? 0;
  }
  return keys;
}

/**
 * Drops the keyframes a linear or step curve passes through anyway (within `KEYFRAME_TOLERANCE`); cubic spline
 * samplers are left as they are. Returns the keyframes before and after, null both when the file has no animation.
 */
export async function resampleAnimations(
  doc: Document,
): Promise<{ keyframesBefore: number | null; keyframesAfter: number | null }> {
  if (doc.getRoot().listAnimations().length === 0) return { keyframesBefore: null, keyframesAfter: null };
  const keyframesBefore = countKeyframes(doc);
  await doc.transform(resample({ tolerance: KEYFRAME_TOLERANCE }));
  return { keyframesBefore, keyframesAfter: countKeyframes(doc) };
}
