import * as THREE from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { KTX2Loader } from './ktx2-textures.ts';

export interface LoadModelOptions {
  /** Size of a point cloud's points in CSS pixels (glTF says 1 px, which reads as nothing on a preview). */
  pointSize?: number;
  /** Reads KTX2 / Basis textures (`createKtx2Loader`); without it a model with such textures fails to load. */
  ktx2Loader?: KTX2Loader;
}

/** Colour for points that have neither vertex colours nor a material of their own: white vanishes on a light backdrop. */
const UNCOLOURED_POINTS = 0x5b6270;

/** Where one glTF material is drawn: a mesh, and the material's position in its material array (null: its only material). */
export interface SlotTarget {
  readonly mesh: THREE.Mesh;
  readonly position: number | null;
}

/** glTF material index (a slot) → every mesh that draws that material, in the order of the scene tree. */
export type MaterialSlots = ReadonlyMap<number, readonly SlotTarget[]>;

/** A loaded GLB with its material slots. */
export interface LoadedModel {
  root: THREE.Object3D;
  slots: MaterialSlots;
}

/** Loads a binary glTF (GLB), meshopt-compressed or not, as one object tree ready to add to a scene. */
export async function loadGlb(bytes: ArrayBuffer, options: LoadModelOptions = {}): Promise<THREE.Object3D> {
  return (await loadGlbWithSlots(bytes, options)).root;
}

/**
 * `loadGlb`, and where each of the file's materials is drawn: slot i is the material at index i of the GLB's
 * `materials`. Points and lines are left out (a finish is a surface material). Materials without an index (three's
 * default material for a primitive without one) belong to no slot.
 */
export async function loadGlbWithSlots(bytes: ArrayBuffer, options: LoadModelOptions = {}): Promise<LoadedModel> {
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  if (options.ktx2Loader) loader.setKTX2Loader(options.ktx2Loader);
  const gltf = await loader.parseAsync(bytes, '');
  const root = gltf.scene;
  // GLTFLoader associates each material it makes with its index, also the copies it makes per mesh (vertex
  // colours, flat shading, normal maps without tangents), so every mesh of a slot is found whatever it draws.
  const associations = gltf.parser.associations;
  const slots = collectMaterialSlots(root, (material) => associations.get(material)?.materials);
  root.traverse((node) => {
    if (node instanceof THREE.Mesh) showBothSides(node);
    if (!(node instanceof THREE.Points)) return;
    const materials = ([] as THREE.Material[]).concat(node.material);
    for (const material of materials) {
      if (!(material instanceof THREE.PointsMaterial)) continue;
      material.size = options.pointSize ?? 2;
      material.sizeAttenuation = false;
      const coloured = node.geometry.hasAttribute('color') || material.map !== null;
      if (!coloured && material.color.equals(new THREE.Color(1, 1, 1))) material.color.set(UNCOLOURED_POINTS);
    }
  });
  return { root, slots };
}

/** Groups the meshes under `root` by the slot `slotOf` gives each of their materials (undefined: none). */
export function collectMaterialSlots(
  root: THREE.Object3D,
  slotOf: (material: THREE.Material) => number | undefined,
): MaterialSlots {
  const slots = new Map<number, SlotTarget[]>();
  const add = (slot: number | undefined, target: SlotTarget) => {
    if (slot === undefined) return;
    const targets = slots.get(slot);
    if (targets) targets.push(target);
    else slots.set(slot, [target]);
  };
  root.traverse((node) => {
    if (!(node instanceof THREE.Mesh)) return;
    const material: THREE.Material | THREE.Material[] = node.material;
    if (!Array.isArray(material)) add(slotOf(material), { mesh: node, position: null });
    else for (const [position, entry] of material.entries()) add(slotOf(entry), { mesh: node, position });
  });
  return slots;
}

/**
 * Draws single-sided surfaces from both sides (decision 0040): formats that say nothing about sides (OBJ, STL, PLY)
 * come out single-sided, and an open scan or a surface wound the other way would vanish where it turns away from
 * the camera. A closed mesh looks the same: its back faces stay behind its front ones.
 */
function showBothSides(mesh: THREE.Mesh): void {
  for (const material of ([] as THREE.Material[]).concat(mesh.material)) {
    if (material.side === THREE.FrontSide) material.side = THREE.DoubleSide;
  }
}
