import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { contrastingBackground, DARK_BACKGROUND, DEFAULT_BACKGROUND, meanSurfaceColour } from './model-tone.ts';

function mesh(colour: string, triangles = 12, vertexColours?: number[]): THREE.Mesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(new Array(triangles * 9).fill(0), 3));
  const material = new THREE.MeshStandardMaterial({ color: colour });
  if (vertexColours) {
    const colours: number[] = [];
    for (let i = 0; i < triangles * 3; i++) colours.push(...vertexColours);
    geometry.setAttribute('color', new THREE.Float32BufferAttribute(colours, 3));
    material.vertexColors = true;
  }
  return new THREE.Mesh(geometry, material);
}

describe('contrastingBackground', () => {
  it('puts a white or light grey model on the dark studio tone', () => {
    expect(contrastingBackground(mesh('#ffffff'))).toBe(DARK_BACKGROUND);
    expect(contrastingBackground(mesh('#cccccc'))).toBe(DARK_BACKGROUND);
    expect(contrastingBackground(mesh('#fff8dc'))).toBe(DARK_BACKGROUND); // cream
  });

  it('keeps dark, mid-grey and colourful models on the light backdrop', () => {
    for (const colour of ['#202020', '#808080', '#f0a040', '#ffe030', '#3070e0'])
      expect(contrastingBackground(mesh(colour)), colour).toBe(DEFAULT_BACKGROUND);
    expect(contrastingBackground(new THREE.Group())).toBe(DEFAULT_BACKGROUND);
  });

  it('weighs each mesh by what it draws, and counts vertex colours', () => {
    const group = new THREE.Group();
    group.add(mesh('#ffffff', 100), mesh('#101010', 2));
    expect(contrastingBackground(group)).toBe(DARK_BACKGROUND);
    group.add(mesh('#101010', 400));
    expect(contrastingBackground(group)).toBe(DEFAULT_BACKGROUND);
    // A white material painted dark by its vertex colours (linear 0.02).
    expect(contrastingBackground(mesh('#ffffff', 12, [0.02, 0.02, 0.02]))).toBe(DEFAULT_BACKGROUND);
    expect(meanSurfaceColour(mesh('#ffffff', 12, [0.5, 0.25, 1]))?.toArray()).toEqual([0.5, 0.25, 1]);
  });
});

describe('meanSurfaceColour', () => {
  it('counts what a material emits: a cyan part glowing yellow looks white', () => {
    const glowing = mesh('#00ffff');
    const material = glowing.material as THREE.MeshStandardMaterial;
    material.emissive.set('#ffff00');
    material.emissiveIntensity = Math.PI;
    expect(meanSurfaceColour(glowing)?.toArray()).toEqual([1, 1, 1]);
    expect(contrastingBackground(glowing)).toBe(DARK_BACKGROUND);
  });
});
