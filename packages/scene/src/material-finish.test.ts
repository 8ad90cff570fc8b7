import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { SlotTarget } from './load-model.ts';
import {
  applyFinish,
  createFinishMaterial,
  disposeFinishMaterial,
  FINISH_MAP_ORDER,
  finishMapOrder,
  originalMaterial,
  resetFinish,
} from './material-finish.ts';
import { createMaterialSphere } from './material-sphere.ts';
import { configureMapTexture } from './pbr-material.ts';

const image = () => ({ width: 4, height: 4, data: new Uint8Array(64) });
const texture = () => new THREE.Texture(image());

/** A triangle; `normals` / `tangents` say which attributes it has beside its positions. */
function geometry({ normals = true, tangents = false } = {}): THREE.BufferGeometry {
  const shape = new THREE.BufferGeometry();
  shape.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0], 3));
  if (normals) shape.setAttribute('normal', new THREE.Float32BufferAttribute([0, 0, 1, 0, 0, 1, 0, 0, 1], 3));
  if (tangents) shape.setAttribute('tangent', new THREE.Float32BufferAttribute(new Array(12).fill(1), 4));
  return shape;
}

describe('createFinishMaterial', () => {
  it('lays the maps on the model’s UVs as glTF does, by the material sphere’s rules', () => {
    const maps = { base_color: texture(), normal: texture(), metallic_roughness: texture(), emissive: texture() };
    const material = createFinishMaterial(maps);
    expect(material).toBeInstanceOf(THREE.MeshStandardMaterial);
    for (const map of Object.values(maps)) {
      expect(map.flipY).toBe(false);
      expect(map.repeat.toArray()).toEqual([1, 1]);
      expect(map.wrapS).toBe(THREE.RepeatWrapping);
    }
    expect(maps.base_color.colorSpace).toBe(THREE.SRGBColorSpace);
    expect(maps.emissive.colorSpace).toBe(THREE.SRGBColorSpace);
    expect(maps.normal.colorSpace).toBe(THREE.NoColorSpace);
    expect(material.map).toBe(maps.base_color);
    expect(material.roughnessMap).toBe(maps.metallic_roughness);
    expect(material.metalnessMap).toBe(maps.metallic_roughness);
    expect([material.metalness, material.roughness]).toEqual([1, 1]);
    // GLTFLoader's normal map on a mesh without tangents; both sides drawn, as loadGlb does.
    expect(material.normalScale.toArray()).toEqual([1, -1]);
    expect(material.side).toBe(THREE.DoubleSide);
  });

  it('leaves the material sphere as it was: tiled twice around, the images as loaded', () => {
    const map = texture();
    const sphere = createMaterialSphere({ base_color: map, roughness: texture() }, { metallic: 0.25 });
    const material = sphere.material as THREE.MeshStandardMaterial;
    expect(map.repeat.toArray()).toEqual([2, 1]);
    expect(map.flipY).toBe(true);
    expect(map.colorSpace).toBe(THREE.SRGBColorSpace);
    expect(material.normalScale.toArray()).toEqual([1, 1]);
    expect(material.side).toBe(THREE.FrontSide);
    expect([material.metalness, material.roughness]).toEqual([0.25, 1]);
  });

  it('marks a cached texture for upload again only when its set-up changes', () => {
    const map = texture();
    configureMapTexture('normal', map, 'uv');
    const version = map.version;
    expect(version).toBeGreaterThan(0);
    configureMapTexture('normal', map, 'uv');
    createFinishMaterial({ normal: map });
    expect(map.version).toBe(version);
    configureMapTexture('base_color', map, 'uv');
    expect(map.version).toBe(version + 1);
  });
});

describe('applyFinish and resetFinish', () => {
  const own = (name: string) => Object.assign(new THREE.MeshStandardMaterial(), { name });

  it('shows the finish on every mesh of the slot and brings the own materials back', () => {
    const oak = own('oak');
    const steel = own('steel');
    const leg = new THREE.Mesh(geometry(), oak);
    const top = new THREE.Mesh(geometry(), [steel, oak]);
    const slot: SlotTarget[] = [
      { mesh: leg, position: null },
      { mesh: top, position: 1 },
    ];
    const walnut = createFinishMaterial({ base_color: texture() });
    applyFinish(slot, walnut);
    expect(leg.material).toBe(walnut);
    expect(top.material).toEqual([steel, walnut]);
    expect(originalMaterial(slot[1] as SlotTarget)).toBe(oak);

    // Another finish over the first: the own material is still the one kept.
    const ash = createFinishMaterial({ base_color: texture() });
    applyFinish(slot, ash);
    expect(leg.material).toBe(ash);
    expect(top.material).toEqual([steel, ash]);

    resetFinish(slot);
    expect(leg.material).toBe(oak);
    expect(top.material).toEqual([steel, oak]);
    expect(originalMaterial(slot[0] as SlotTarget)).toBe(oak);
    // Resetting again changes nothing.
    resetFinish(slot);
    expect(leg.material).toBe(oak);
  });

  it('gives meshes with tangents or without normals their own copy, sharing the textures', () => {
    const plain = new THREE.Mesh(geometry(), own('a'));
    const tangent = new THREE.Mesh(geometry({ tangents: true }), own('a'));
    const flat = new THREE.Mesh(geometry({ normals: false }), own('a'));
    const flat2 = new THREE.Mesh(geometry({ normals: false }), own('a'));
    const normal = texture();
    const finish = createFinishMaterial({ normal });
    applyFinish(
      [plain, tangent, flat, flat2].map((mesh) => ({ mesh, position: null })),
      finish,
    );
    expect(plain.material).toBe(finish);
    const withTangents = tangent.material as THREE.MeshStandardMaterial;
    expect(withTangents).not.toBe(finish);
    expect(withTangents.normalMap).toBe(normal);
    expect(withTangents.normalScale.toArray()).toEqual([1, 1]);
    const flatShaded = flat.material as THREE.MeshStandardMaterial;
    expect(flatShaded.flatShading).toBe(true);
    expect(flat2.material).toBe(flatShaded);

    const disposed: THREE.EventDispatcher[] = [];
    for (const material of [finish, withTangents, flatShaded, normal] as const) {
      (material as THREE.EventDispatcher<{ dispose: object }>).addEventListener('dispose', () =>
        disposed.push(material),
      );
    }
    disposeFinishMaterial(finish);
    expect(disposed).toEqual(expect.arrayContaining([finish, withTangents, flatShaded]));
    expect(disposed).not.toContain(normal);
    disposeFinishMaterial(createFinishMaterial({ normal }), { textures: true });
    expect(disposed).toContain(normal);
  });
});

describe('finishMapOrder', () => {
  const urls = {
    height: '/h.webp',
    normal: '/n.webp',
    base_color: '/c.webp',
    occlusion: '/o.webp',
    roughness: '/r.webp',
  };

  it('without sizes: colour, shine, then surface detail', () => {
    expect(finishMapOrder(urls)).toEqual(['base_color', 'roughness', 'normal', 'occlusion', 'height']);
    expect(FINISH_MAP_ORDER).toHaveLength(8);
  });

  it('with sizes: smallest first, those without a size after, in the usual order', () => {
    expect(finishMapOrder(urls, { base_color: 900_000, normal: 40_000, roughness: 40_000, occlusion: 5_000 })).toEqual([
      'occlusion',
      'roughness',
      'normal',
      'base_color',
      'height',
    ]);
    expect(finishMapOrder({ base_color: '/c', normal: '/n' }, { normal: Number.NaN, base_color: 10 })).toEqual([
      'base_color',
      'normal',
    ]);
  });

  it('leaves out a packed metallic-roughness map that separate maps hide', () => {
    const maps = { metallic_roughness: '/mr', metallic: '/m', roughness: '/r' };
    expect(finishMapOrder(maps)).toEqual(['roughness', 'metallic']);
    expect(finishMapOrder({ metallic_roughness: '/mr', metallic: '/m' })).toEqual(['metallic_roughness', 'metallic']);
  });
});
