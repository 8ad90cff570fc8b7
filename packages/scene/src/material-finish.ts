import * as THREE from 'three';
import type { SlotTarget } from './load-model.ts';
import {
  createPbrMaterial,
  MATERIAL_MAP_NAMES,
  type MaterialFactors,
  type MaterialMapName,
  type MaterialMaps,
} from './pbr-material.ts';

/**
 * A finish: a library material shown in place of one of a model's own materials (a slot, `loadGlbWithSlots`).
 * The finish's material is made by the same rule as the material sphere (`createPbrMaterial`), on the model's
 * UVs as they are; `applyFinish` shows it on a slot's meshes and keeps what they drew, `resetFinish` brings that
 * back.
 */

/**
 * A finish's material for a model. Its textures are configured for the model's UVs (glTF's convention: no
 * vertical flip, no repeat). Drawn from both sides, as `loadGlb` draws every surface (decision 0040). The normal
 * map is set up as GLTFLoader sets up a glTF normal map on a mesh without tangents (the usual case: three derives
 * them, and its green axis runs the other way); `applyFinish` gives meshes with tangents, and meshes without
 * normals, their own copy.
 */
export function createFinishMaterial(maps: MaterialMaps, factors: MaterialFactors = {}): THREE.MeshStandardMaterial {
  const material = createPbrMaterial(maps, factors, 'uv');
  material.side = THREE.DoubleSide;
  material.normalScale.y *= -1;
  return material;
}

/** What each mesh drew before a finish, by material position (-1: the mesh's only material). */
const originals = new WeakMap<THREE.Mesh, Map<number, THREE.Material>>();
/** The copies of a finish material made for meshes that need another set-up, by that set-up. */
const variants = new WeakMap<THREE.Material, Map<string, THREE.MeshStandardMaterial>>();

const positionKey = (target: SlotTarget) => target.position ?? -1;

function materialAt(target: SlotTarget): THREE.Material | undefined {
  const material: THREE.Material | THREE.Material[] = target.mesh.material;
  return Array.isArray(material) ? material[target.position ?? 0] : material;
}

function setMaterialAt(target: SlotTarget, material: THREE.Material): void {
  const { mesh, position } = target;
  if (position === null || !Array.isArray(mesh.material)) {
    mesh.material = material;
    return;
  }
  // A new array: a mesh copied from another may share the old one.
  const list = [...mesh.material];
  list[position] = material;
  mesh.material = list;
}

/**
 * The finish material as `mesh` needs it: GLTFLoader's own per-mesh set-up (its `assignFinalMaterial`) for a
 * mesh with tangents (the normal map's green axis as it is) or without normals (flat shading). Copies share the
 * textures and are kept with the finish, so every mesh of that kind draws the same one.
 */
function variantFor(finish: THREE.MeshStandardMaterial, mesh: THREE.Mesh): THREE.MeshStandardMaterial {
  const tangents = mesh.geometry.hasAttribute('tangent');
  const flat = !mesh.geometry.hasAttribute('normal');
  if (!tangents && !flat) return finish;
  const key = `${tangents ? 'tangents' : ''}:${flat ? 'flat' : ''}`;
  let kept = variants.get(finish);
  if (!kept) {
    kept = new Map();
    variants.set(finish, kept);
  }
  let variant = kept.get(key);
  if (!variant) {
    variant = finish.clone();
    if (tangents) variant.normalScale.y *= -1;
    if (flat) variant.flatShading = true;
    kept.set(key, variant);
  }
  return variant;
}

/**
 * Shows `finish` (from `createFinishMaterial`) on a slot's meshes. What they drew before the first finish is
 * kept for `resetFinish`; a finish shown over another replaces it, and the replaced one is the caller's to keep
 * or dispose (`disposeFinishMaterial`).
 */
export function applyFinish(targets: readonly SlotTarget[], finish: THREE.MeshStandardMaterial): void {
  for (const target of targets) {
    const shown = materialAt(target);
    if (!shown) continue;
    let saved = originals.get(target.mesh);
    if (!saved) {
      saved = new Map();
      originals.set(target.mesh, saved);
    }
    const key = positionKey(target);
    if (!saved.has(key)) saved.set(key, shown);
    setMaterialAt(target, variantFor(finish, target.mesh));
  }
}

/** Brings back the slot's own material on its meshes (nothing changes where no finish is shown). */
export function resetFinish(targets: readonly SlotTarget[]): void {
  for (const target of targets) {
    const saved = originals.get(target.mesh);
    const key = positionKey(target);
    const original = saved?.get(key);
    if (!saved || !original) continue;
    setMaterialAt(target, original);
    saved.delete(key);
    if (saved.size === 0) originals.delete(target.mesh);
  }
}

/** The material the model itself has at this target, whether or not a finish is shown there. */
export function originalMaterial(target: SlotTarget): THREE.Material | undefined {
  return originals.get(target.mesh)?.get(positionKey(target)) ?? materialAt(target);
}

/**
 * Frees a finish material no longer shown, with the copies `applyFinish` made of it. Its textures are left alone
 * unless `textures` is set: a cache of textures by address may share them with other finishes.
 */
export function disposeFinishMaterial(finish: THREE.MeshStandardMaterial, options: { textures?: boolean } = {}): void {
  if (options.textures) {
    for (const value of Object.values(finish)) {
      if (value instanceof THREE.Texture) value.dispose();
    }
  }
  for (const variant of variants.get(finish)?.values() ?? []) variant.dispose();
  variants.delete(finish);
  finish.dispose();
}

/**
 * The order in which a finish's maps load when their sizes are not known: the colour first (it changes the look
 * most), then the small grey maps that set shine, then surface detail.
 */
export const FINISH_MAP_ORDER: readonly MaterialMapName[] = [
  'base_color',
  'metallic_roughness',
  'roughness',
  'metallic',
  'normal',
  'occlusion',
  'emissive',
  'height',
];

/**
 * The maps of a finish to load, in order: smallest first where `bytes` gives sizes (those before the ones without;
 * equal sizes and unknown ones in `FINISH_MAP_ORDER`). A packed `metallic_roughness` is left out when separate
 * `metallic` and `roughness` maps are there: each separate map wins for its channel, so it would never be read.
 */
export function finishMapOrder(
  urls: Partial<Record<MaterialMapName, string>>,
  bytes: Partial<Record<MaterialMapName, number>> = {},
): MaterialMapName[] {
  const present = MATERIAL_MAP_NAMES.filter((name) => urls[name] !== undefined);
  const used = present.filter(
    (name) => name !== 'metallic_roughness' || !(present.includes('metallic') && present.includes('roughness')),
  );
  const rank = (name: MaterialMapName) => FINISH_MAP_ORDER.indexOf(name);
  const size = (name: MaterialMapName) => {
    const value = bytes[name];
    return value !== undefined && Number.isFinite(value) && value >= 0 ? value : Number.POSITIVE_INFINITY;
  };
  return used.sort((a, b) => size(a) - size(b) || rank(a) - rank(b));
}
