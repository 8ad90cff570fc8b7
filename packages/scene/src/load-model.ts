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

/** Loads a binary glTF (GLB), meshopt-compressed or not, as one object tree ready to add to a scene. */
export async function loadGlb(bytes: ArrayBuffer, options: LoadModelOptions = {}): Promise<THREE.Object3D> {
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  if (options.ktx2Loader) loader.setKTX2Loader(options.ktx2Loader);
  const gltf = await loader.parseAsync(bytes, '');
  const root = gltf.scene;
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
  return root;
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
