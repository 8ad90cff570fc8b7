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

/**
 * How the maps lie on the surface. `sphere`: around the material sphere, tiled twice around and once pole to
 * pole (a square tile stays square), the images as three's TextureLoader gives them. `uv`: on a model's own UVs,
 * once, in glTF's convention (the image's top row at v = 0, so `flipY` off, as GLTFLoader does).
 */
export type MapLayout = 'sphere' | 'uv';

const SPHERE_REPEAT = new THREE.Vector2(2, 1);
const ONCE = new THREE.Vector2(1, 1);
const ANISOTROPY = 4;

/**
 * Sets a map's colour space, wrapping, repeat and orientation for `layout`. Colour maps (base colour, emissive)
 * are sRGB, the others data. The texture is marked for upload only when something the upload depends on
 * changed, so a texture kept in a cache and used again is not uploaded again.
 */
export function configureMapTexture(name: MaterialMapName, texture: THREE.Texture, layout: MapLayout): void {
  const colorSpace = name === 'base_color' || name === 'emissive' ? THREE.SRGBColorSpace : THREE.NoColorSpace;
  const flipY = layout === 'uv' ? false : texture.flipY;
  const upload =
    texture.version === 0 ||
    texture.colorSpace !== colorSpace ||
    texture.flipY !== flipY ||
    texture.wrapS !== THREE.RepeatWrapping ||
    texture.wrapT !== THREE.RepeatWrapping ||
    texture.anisotropy !== ANISOTROPY;
  texture.colorSpace = colorSpace;
  texture.flipY = flipY;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  texture.repeat.copy(layout === 'sphere' ? SPHERE_REPEAT : ONCE);
  texture.anisotropy = ANISOTROPY;
  if (upload) texture.needsUpdate = true;
}

/**
 * A material from maps and factors: the one rule for the material sphere (previews, the material viewer) and a
 * finish on a model (material-finish.ts). The textures are configured here for `layout`.
 *
 * Channel conventions: three's MeshStandardMaterial reads roughness from a map's G channel and metalness from
 * its B channel (the glTF packing, so `metallic_roughness` goes to both), ambient occlusion from R, and bump
 * height from R. A separate single-channel (greyscale) image is decoded by the browser to RGB with R = G = B,
 * so a lone `roughness` or `metallic` image can be used as `roughnessMap` / `metalnessMap` unchanged: the
 * channel three reads holds the grey value. A separate map wins over the packed one for its own channel.
 * Normal maps are in the OpenGL convention (+Y up, docs/material-package.md), which three reads as they are.
 */
export function createPbrMaterial(
  maps: MaterialMaps,
  factors: MaterialFactors,
  layout: MapLayout,
): THREE.MeshStandardMaterial {
  for (const [name, texture] of Object.entries(maps) as [MaterialMapName, THREE.Texture | undefined][]) {
    if (texture) configureMapTexture(name, texture, layout);
  }

  const metalnessMap = maps.metallic ?? maps.metallic_roughness ?? null;
  const roughnessMap = maps.roughness ?? maps.metallic_roughness ?? null;
  return new THREE.MeshStandardMaterial({
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
}
