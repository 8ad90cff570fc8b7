import { MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';
import * as THREE from 'three';

export type MaterialMapName = MaterialMapKind;
export const MATERIAL_MAP_NAMES: readonly MaterialMapName[] = MATERIAL_MAP_KINDS;

export type MaterialMaps = Partial<Record<MaterialMapName, THREE.Texture>>;

/** glTF-style factors: each multiplies its map, or stands alone where there is no map. Colours are sRGB CSS colours. */
export interface MaterialFactors {
  base_color?: string;
  opacity?: number;
  /** 0–1; defaults to 1 with a metallic map (the map decides), else 0. */
  metallic?: number;
  /** 0–1; defaults to 1 with a roughness map (the map decides), else 0.5. */
  roughness?: number;
  emissive?: string;
  emissive_intensity?: number;
  normal_scale?: number;
  occlusion_strength?: number;
  height_scale?: number;
}

/** How many times the maps repeat around the sphere: twice around, once pole to pole, keeps a square tile square. */
const REPEAT = new THREE.Vector2(2, 1);

/**
 * A sphere showing a material. The textures are configured here (colour space, wrapping, repeat), so pass
 * textures made for this sphere.
 *
 * Channel conventions: three's MeshStandardMaterial reads roughness from a map's G channel and metalness from
 * its B channel (the glTF packing, so `metallic_roughness` goes to both), ambient occlusion from R, and bump
 * height from R. A separate single-channel (greyscale) image is decoded by the browser to RGB with R = G = B,
 * so a lone `roughness` or `metallic` image can be used as `roughnessMap` / `metalnessMap` unchanged: the
 * channel three reads holds the grey value. A separate map wins over the packed one for its own channel.
 */
export function createMaterialSphere(maps: MaterialMaps, factors: MaterialFactors = {}): THREE.Mesh {
  for (const [name, texture] of Object.entries(maps) as [MaterialMapName, THREE.Texture | undefined][]) {
    if (!texture) continue;
    texture.colorSpace = name === 'base_color' || name === 'emissive' ? THREE.SRGBColorSpace : THREE.NoColorSpace;
    texture.wrapS = THREE.RepeatWrapping;
    texture.wrapT = THREE.RepeatWrapping;
    texture.repeat.copy(REPEAT);
    texture.anisotropy = 4;
    texture.needsUpdate = true;
  }

  const metalnessMap = maps.metallic ?? maps.metallic_roughness ?? null;
  const roughnessMap = maps.roughness ?? maps.metallic_roughness ?? null;
  const material = new THREE.MeshStandardMaterial({
    color: new THREE.Color(factors.base_color ?? '#ffffff'),
    map: maps.base_color ?? null,
    opacity: factors.opacity ?? 1,
    transparent: (factors.opacity ?? 1) < 1,
    metalness: factors.metallic ?? (metalnessMap ? 1 : 0),
    metalnessMap,
    roughness: factors.roughness ?? (roughnessMap ? 1 : 0.5),
    roughnessMap,
    normalMap: maps.normal ?? null,
    normalScale: new THREE.Vector2(1, 1).multiplyScalar(factors.normal_scale ?? 1),
    aoMap: maps.occlusion ?? null,
    aoMapIntensity: factors.occlusion_strength ?? 1,
    emissive: new THREE.Color(factors.emissive ?? (maps.emissive ? '#ffffff' : '#000000')),
    emissiveMap: maps.emissive ?? null,
    emissiveIntensity: factors.emissive_intensity ?? 1,
    // three ignores a bump map where there is a normal map: the normal map then carries the surface detail.
    bumpMap: maps.height ?? null,
    bumpScale: factors.height_scale ?? 2,
  });

  const geometry = new THREE.SphereGeometry(1, 128, 64);
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = 'material-sphere';
  return mesh;
}
