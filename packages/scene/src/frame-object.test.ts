import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PADDING, frameBox, frameObject } from './frame-object.ts';

/** The box's corners in normalised device coordinates after framing. */
function projectedCorners(camera: THREE.PerspectiveCamera, box: THREE.Box3): THREE.Vector3[] {
  const corners: THREE.Vector3[] = [];
  for (let i = 0; i < 8; i++) {
    const corner = new THREE.Vector3(
      i & 1 ? box.max.x : box.min.x,
      i & 2 ? box.max.y : box.min.y,
      i & 4 ? box.max.z : box.min.z,
    );
    corners.push(corner.project(camera));
  }
  return corners;
}

function extent(corners: THREE.Vector3[]): number {
  return Math.max(...corners.flatMap((c) => [Math.abs(c.x), Math.abs(c.y)]));
}

describe('frameObject', () => {
  it('fits a box inside the frame with the padding, touching it on the tighter side', () => {
    const camera = new THREE.PerspectiveCamera(35, 1);
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(2, 1, 3));
    mesh.position.set(5, -2, 1);
    frameObject(camera, mesh);
    const box = new THREE.Box3().setFromObject(mesh);
    const corners = projectedCorners(camera, box);
    for (const c of corners) expect(c.z).toBeGreaterThan(-1); // in front of the near plane
    for (const c of corners) expect(c.z).toBeLessThan(1); // before the far plane
    expect(extent(corners)).toBeLessThanOrEqual(1 / DEFAULT_PADDING + 1e-9);
    expect(extent(corners)).toBeGreaterThan(1 / DEFAULT_PADDING - 1e-6);
  });

  it('looks from the front-right-top by default', () => {
    const camera = new THREE.PerspectiveCamera(35, 1);
    const { center } = frameBox(camera, new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1)));
    const offset = camera.position.clone().sub(center);
    expect(offset.x).toBeGreaterThan(0);
    expect(offset.y).toBeGreaterThan(0);
    expect(offset.z).toBeGreaterThan(0);
  });

  it('frames tiny and huge models the same way', () => {
    const extents = [1e-4, 1, 1e5].map((scale) => {
      const camera = new THREE.PerspectiveCamera(35, 16 / 9);
      const box = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(3, 1, 2).multiplyScalar(scale));
      const { distance, radius } = frameBox(camera, box);
      expect(camera.near).toBeLessThan(distance - radius);
      expect(camera.far).toBeGreaterThan(distance + radius);
      return projectedCorners(camera, box).map((c) => [c.x, c.y]);
    });
    const [tiny, unit, huge] = extents;
    for (let i = 0; i < 8; i++) {
      for (let k = 0; k < 2; k++) {
        expect(tiny?.[i]?.[k]).toBeCloseTo(unit?.[i]?.[k] ?? Number.NaN, 6);
        expect(huge?.[i]?.[k]).toBeCloseTo(unit?.[i]?.[k] ?? Number.NaN, 6);
      }
    }
  });

  it('frames a point cloud by its points, centred on their silhouette', () => {
    const positions = [0, 0, 0, 10, 0, 0, 0, 4, 0, 0, 0, 6];
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    const cloud = new THREE.Points(geometry);
    const camera = new THREE.PerspectiveCamera(35, 1);
    frameObject(camera, cloud);
    const projected: THREE.Vector3[] = [];
    for (let i = 0; i < positions.length; i += 3) {
      projected.push(new THREE.Vector3(positions[i], positions[i + 1], positions[i + 2]).project(camera));
    }
    expect(extent(projected)).toBeCloseTo(1 / DEFAULT_PADDING, 6);
    const xs = projected.map((p) => p.x);
    const ys = projected.map((p) => p.y);
    // Centred up to perspective: the silhouette's margins on either side are alike.
    expect(Math.abs(Math.max(...xs) + Math.min(...xs))).toBeLessThan(0.15);
    expect(Math.abs(Math.max(...ys) + Math.min(...ys))).toBeLessThan(0.15);
  });

  it('fits a sphere by its silhouette, not by its bounding box', () => {
    const camera = new THREE.PerspectiveCamera(35, 1);
    const sphere = new THREE.Mesh(new THREE.SphereGeometry(1, 64, 32));
    frameObject(camera, sphere);
    const positions = sphere.geometry.getAttribute('position');
    const projected: THREE.Vector3[] = [];
    for (let i = 0; i < positions.count; i++)
      projected.push(new THREE.Vector3().fromBufferAttribute(positions, i).project(camera));
    expect(extent(projected)).toBeCloseTo(1 / DEFAULT_PADDING, 6);
  });

  it('still frames a single point and an empty object', () => {
    for (const object of [
      new THREE.Points(
        new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([1, 2, 3], 3)),
      ),
      new THREE.Group(),
    ]) {
      const camera = new THREE.PerspectiveCamera(35, 1);
      const { distance } = frameObject(camera, object);
      expect(Number.isFinite(distance) && distance > 0).toBe(true);
      expect(camera.near).toBeGreaterThan(0);
      expect(camera.near).toBeLessThan(distance);
    }
  });
});
