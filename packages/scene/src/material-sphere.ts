import * as THREE from 'three';
import { createPbrMaterial, type MaterialFactors, type MaterialMaps } from './pbr-material.ts';

/**
 * A sphere showing a material, its maps tiled around it (`createPbrMaterial` with the `sphere` layout: the maps'
 * rules are written there once, for the sphere and for a finish on a model). The textures are configured here
 * (colour space, wrapping, repeat), so pass textures made for this sphere, loaded by three's TextureLoader.
 */
export function createMaterialSphere(maps: MaterialMaps, factors: MaterialFactors = {}): THREE.Mesh {
  const material = createPbrMaterial(maps, factors, 'sphere');
  const geometry = new THREE.SphereGeometry(1, 128, 64);
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = 'material-sphere';
  return mesh;
}
