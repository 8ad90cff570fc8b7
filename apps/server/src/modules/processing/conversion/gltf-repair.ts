import { type Accessor, type Document, type Material, Primitive } from '@gltf-transform/core';
import { KHRMaterialsEmissiveStrength } from '@gltf-transform/extensions';

/**
 * Values glTF forbids that importers pass through from their sources, made valid so that the published file
 * passes the Khronos validator: each repair says what it changed.
 */

/** Tracks whose key times are not numbers or do not increase (assimp divides by a missing tick rate): left out. */
function repairAnimations(doc: Document, warnings: string[]) {
  for (const animation of doc.getRoot().listAnimations()) {
    let dropped = 0;
    for (const channel of animation.listChannels()) {
      const sampler = channel.getSampler();
      const times = sampler?.getInput()?.getArray();
      const values = sampler?.getOutput()?.getArray();
      let valid = !!times && !!values && times.length > 0;
      for (let i = 0; valid && times && i < times.length; i++) {
        const t = times[i] as number;
        valid = Number.isFinite(t) && (i === 0 || t > (times[i - 1] as number));
      }
      for (let i = 0; valid && values && i < values.length; i++) valid = Number.isFinite(values[i] as number);
      if (valid) continue;
      channel.dispose();
      dropped++;
    }
    for (const sampler of animation.listSamplers()) if (sampler.listParents().length <= 1) sampler.dispose();
    if (dropped === 0) continue;
    const name = animation.getName() || 'without a name';
    warnings.push(
      `Animation ${name}: ${dropped} track${dropped === 1 ? '' : 's'} with unreadable key times ${dropped === 1 ? 'was' : 'were'} left out`,
    );
    if (animation.listChannels().length === 0) animation.dispose();
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Factors outside [0, 1]: an emissive colour brighter than 1 keeps its brightness as KHR_materials_emissive_strength. */
function repairMaterial(doc: Document, material: Material) {
  const emissive = material.getEmissiveFactor();
  const strength = Math.max(...emissive);
  if (strength > 1) {
    material.setEmissiveFactor(emissive.map((v) => Math.max(0, v) / strength) as typeof emissive);
    const extension = doc.createExtension(KHRMaterialsEmissiveStrength);
    material.setExtension(
      'KHR_materials_emissive_strength',
      extension.createEmissiveStrength().setEmissiveStrength(strength),
    );
  } else if (emissive.some((v) => v < 0)) {
    material.setEmissiveFactor(emissive.map(clamp01) as typeof emissive);
  }
  material.setBaseColorFactor(material.getBaseColorFactor().map(clamp01) as [number, number, number, number]);
  material.setMetallicFactor(clamp01(material.getMetallicFactor()));
  material.setRoughnessFactor(clamp01(material.getRoughnessFactor()));
  material.setOcclusionStrength(clamp01(material.getOcclusionStrength()));
  if (material.getAlphaCutoff() < 0) material.setAlphaCutoff(0);
}

/**
 * Normals of unit length: others are scaled to it, and a zero normal takes the direction of the faces around its
 * vertex (or up when they have no area).
 */
function repairNormals(prim: Primitive) {
  const normal = prim.getAttribute('NORMAL');
  const position = prim.getAttribute('POSITION');
  if (!normal || !position || normal.getType() !== 'VEC3') return;
  const count = normal.getCount();
  const array = normal.getArray();
  // Floats (every normal after dequantize) are read in place: one getElement per vertex costs far more.
  const floats = array instanceof Float32Array && array.length === count * 3 ? array : null;
  const n = [0, 0, 0];
  const zero: number[] = [];
  let changed = false;
  for (let i = 0; i < count; i++) {
    if (floats) {
      const x = floats[i * 3] as number;
      const y = floats[i * 3 + 1] as number;
      const z = floats[i * 3 + 2] as number;
      if (Math.abs(Math.sqrt(x * x + y * y + z * z) - 1) <= 5e-4) continue;
    }
    normal.getElement(i, n);
    const length = Math.hypot(n[0] as number, n[1] as number, n[2] as number);
    if (Math.abs(length - 1) <= 5e-4) continue;
    changed = true;
    if (length > 1e-12 && Number.isFinite(length))
      normal.setElement(
        i,
        n.map((v) => v / length),
      );
    else zero.push(i);
  }
  if (zero.length > 0) faceNormals(prim, normal, position, new Set(zero));
  if (changed) normal.setNormalized(false);
}

function faceNormals(prim: Primitive, normal: Accessor, position: Accessor, vertices: Set<number>) {
  const sum = new Map<number, number[]>([...vertices].map((v) => [v, [0, 0, 0]]));
  const indices = prim.getIndices();
  const corners = indices ? indices.getCount() : position.getCount();
  const at = (c: number) => (indices ? indices.getScalar(c) : c);
  const [a, b, c] = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ] as number[][] as [number[], number[], number[]];
  for (let t = 0; t + 2 < corners && prim.getMode() === Primitive.Mode.TRIANGLES; t += 3) {
    const ids = [at(t), at(t + 1), at(t + 2)];
    if (!ids.some((id) => vertices.has(id))) continue;
    position.getElement(ids[0] as number, a);
    position.getElement(ids[1] as number, b);
    position.getElement(ids[2] as number, c);
    const u = [0, 1, 2].map((k) => (b[k] as number) - (a[k] as number));
    const v = [0, 1, 2].map((k) => (c[k] as number) - (a[k] as number));
    const cross = [0, 1, 2].map((k) => {
      const [i, j] = [(k + 1) % 3, (k + 2) % 3];
      return (u[i] as number) * (v[j] as number) - (u[j] as number) * (v[i] as number);
    });
    for (const id of ids) {
      const total = sum.get(id);
      if (total) for (let k = 0; k < 3; k++) total[k] = (total[k] as number) + (cross[k] as number);
    }
  }
  for (const [id, total] of sum) {
    const length = Math.hypot(...total);
    normal.setElement(id, length > 0 ? total.map((v) => v / length) : [0, 1, 0]);
  }
}

/** Makes what glTF forbids valid: broken animation tracks, material factors out of range, normals not of unit length. */
export function repairForGltf(doc: Document, warnings: string[]): void {
  repairAnimations(doc, warnings);
  for (const material of doc.getRoot().listMaterials()) repairMaterial(doc, material);
  for (const mesh of doc.getRoot().listMeshes()) for (const prim of mesh.listPrimitives()) repairNormals(prim);
}
