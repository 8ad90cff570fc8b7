import { applyFinish, createFinishMaterial, resetFinish } from '@meshport/scene';
import * as THREE from 'three';
import { strFromU8, unzipSync } from 'three/examples/jsm/libs/fflate.module.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportUsdz } from './viewer-ar.ts';

/**
 * The USD exporter draws each texture's image on a canvas and saves it as PNG. Node has neither canvases nor image
 * bitmaps, so both are stand-ins here: what the export includes and how it refers to it is three's real exporter.
 */
class FakeImageBitmap {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
let drawn: { image: unknown; flipped: boolean }[] = [];

beforeEach(() => {
  drawn = [];
  // USD has no two-sided materials: the exporter says so for every material drawn from both sides (all of a model's).
  vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    if (!String(message).includes('double sided')) throw new Error(`Unexpected warning: ${String(message)}`);
  });
  vi.stubGlobal('ImageBitmap', FakeImageBitmap);
  vi.stubGlobal('document', {
    createElement: () => {
      let flipped = false;
      return {
        width: 0,
        height: 0,
        getContext: () => ({
          translate: () => {},
          scale: () => {
            flipped = true;
          },
          drawImage: (image: unknown) => drawn.push({ image, flipped }),
        }),
        toBlob: (done: (blob: Blob) => void, type: string) => done(new Blob([PNG], { type })),
      };
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function model(): { mesh: THREE.Mesh; own: THREE.MeshStandardMaterial } {
  const own = new THREE.MeshStandardMaterial({ color: 0x336699, name: 'own' });
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.8, 0.5), own);
  mesh.name = 'chair';
  return { mesh, own };
}

describe('exportUsdz', () => {
  it('carries a chosen finish, its map as a texture file of the USDZ', async () => {
    const { mesh } = model();
    const bitmap = new FakeImageBitmap(64, 32);
    const map = new THREE.Texture(bitmap);
    map.flipY = false;
    const finish = createFinishMaterial({ base_color: map });
    applyFinish([{ mesh, position: null }], finish);

    const files = unzipSync(await exportUsdz(new THREE.Group().add(mesh)));
    const textures = Object.keys(files).filter((name) => name.startsWith('textures/'));
    expect(textures).toHaveLength(1);
    expect(files[textures[0] ?? '']).toEqual(PNG);
    // The finish's image as it is (glTF's orientation: not flipped), once.
    expect(drawn).toEqual([{ image: bitmap, flipped: false }]);

    const usda = strFromU8(files['model.usda'] ?? new Uint8Array());
    expect(usda).toContain(`@${textures[0]}@`);
    expect(usda).toContain('inputs:diffuseColor.connect');
    expect(usda).toContain('token inputs:sourceColorSpace = "sRGB"');
  });

  it('carries the own material again after a reset', async () => {
    const { mesh, own } = model();
    const finish = createFinishMaterial({ base_color: new THREE.Texture(new FakeImageBitmap(8, 8)) });
    applyFinish([{ mesh, position: null }], finish);
    resetFinish([{ mesh, position: null }]);

    const files = unzipSync(await exportUsdz(new THREE.Group().add(mesh)));
    expect(Object.keys(files).filter((name) => name.startsWith('textures/'))).toEqual([]);
    const usda = strFromU8(files['model.usda'] ?? new Uint8Array());
    expect(usda).toContain(`def Material "Material_${own.id}"`);
    expect(usda).not.toContain(`Material_${finish.id}`);
  });
});
