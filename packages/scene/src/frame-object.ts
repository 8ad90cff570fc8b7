import * as THREE from 'three';

export interface FrameOptions {
  /**
   * How much larger the frame is than the model's silhouette: 1.25 makes the model fill about
   * 80 % of the frame's tighter side.
   */
  padding?: number;
  /** Direction from the model's centre towards the camera; the default is a 3/4 view from front-right-top. */
  direction?: THREE.Vector3;
}

export interface Framing {
  /** The point the camera looks at, in the middle of the model's silhouette (an orbit target). */
  center: THREE.Vector3;
  /** Radius of the bounding box's sphere. */
  radius: number;
  /** Distance from the camera to `center`. */
  distance: number;
}

export const DEFAULT_VIEW_DIRECTION = Object.freeze(new THREE.Vector3(1, 0.75, 1.6));
export const DEFAULT_PADDING = 1.25;

/** At most this many vertices are looked at to fit the camera: plenty for a tight fit, cheap for huge models. */
const MAX_SAMPLED_VERTICES = 50_000;

/**
 * Fits a perspective camera to an object seen from `direction` (a 3/4 view by default). The camera looks at the
 * middle of the object's silhouette and stands just far enough for every vertex to be inside the padded frame,
 * so a sphere, a long part or a point cloud fills the frame as a cube does; near/far follow the model's size, so
 * a 0.1 mm part and a 10 km site frame the same way.
 */
export function frameObject(
  camera: THREE.PerspectiveCamera,
  object: THREE.Object3D,
  options: FrameOptions = {},
): Framing {
  object.updateWorldMatrix(true, true);
  const box = new THREE.Box3().setFromObject(object);
  return fitPoints(camera, box, sampleVertices(object), options);
}

/** Fits a perspective camera to a box (its corners), as `frameObject` does to a model. */
export function frameBox(camera: THREE.PerspectiveCamera, box: THREE.Box3, options: FrameOptions = {}): Framing {
  return fitPoints(camera, box, boxCorners(box), options);
}

function boxCorners(box: THREE.Box3): THREE.Vector3[] {
  const corners: THREE.Vector3[] = [];
  for (let i = 0; i < 8; i++) {
    corners.push(
      new THREE.Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z),
    );
  }
  return corners;
}

/** World positions of (a spread-out sample of) the object's vertices; instanced meshes by their boxes' corners. */
function sampleVertices(object: THREE.Object3D): THREE.Vector3[] {
  const sources: {
    positions: THREE.BufferAttribute | THREE.InterleavedBufferAttribute;
    matrix: THREE.Matrix4;
    mesh: THREE.Mesh | null;
  }[] = [];
  const points: THREE.Vector3[] = [];
  let total = 0;
  object.traverseVisible((node) => {
    const drawable = node as Partial<THREE.Mesh>;
    const positions = drawable.geometry?.getAttribute('position');
    if (!drawable.geometry || !positions) return;
    if (node instanceof THREE.InstancedMesh) {
      node.computeBoundingBox();
      if (node.boundingBox) points.push(...boxCorners(node.boundingBox).map((p) => p.applyMatrix4(node.matrixWorld)));
      return;
    }
    // A skinned or morphed mesh is drawn where its bones put it, not where its bind pose is.
    const posed =
      node instanceof THREE.SkinnedMesh || (node instanceof THREE.Mesh && node.morphTargetInfluences?.length);
    if (node instanceof THREE.SkinnedMesh) node.skeleton.update();
    sources.push({ positions, matrix: node.matrixWorld, mesh: posed ? (node as THREE.Mesh) : null });
    total += positions.count;
  });
  const stride = Math.max(1, Math.ceil(total / MAX_SAMPLED_VERTICES));
  for (const { positions, matrix, mesh } of sources) {
    for (let i = 0; i < positions.count; i += stride) {
      const point = new THREE.Vector3();
      if (mesh) mesh.getVertexPosition(i, point);
      else point.fromBufferAttribute(positions, i);
      points.push(point.applyMatrix4(matrix));
    }
  }
  return points;
}

function fitPoints(
  camera: THREE.PerspectiveCamera,
  inputBox: THREE.Box3,
  inputPoints: THREE.Vector3[],
  options: FrameOptions,
): Framing {
  const padding = options.padding ?? DEFAULT_PADDING;
  const empty = inputBox.isEmpty() || inputPoints.length === 0;
  const box = empty
    ? new THREE.Box3(new THREE.Vector3(-0.5, -0.5, -0.5), new THREE.Vector3(0.5, 0.5, 0.5))
    : inputBox.clone();
  let points = empty ? boxCorners(box) : inputPoints;
  const center = box.getCenter(new THREE.Vector3());
  let radius = box.getSize(new THREE.Vector3()).length() / 2;
  if (!(radius > 0) || !Number.isFinite(radius)) {
    // A single point (or a degenerate box): give it a size relative to where it is, so it is visible.
    radius = Math.max(center.length() * 1e-3, 1e-3);
    points = boxCorners(box.expandByScalar(radius));
  }

  const toCamera = (options.direction ?? DEFAULT_VIEW_DIRECTION).clone().normalize();
  const forward = toCamera.clone().negate();
  const worldUp = Math.abs(forward.y) > 0.999 ? new THREE.Vector3(0, 0, -1) : new THREE.Vector3(0, 1, 0);
  const right = new THREE.Vector3().crossVectors(forward, worldUp).normalize();
  const up = new THREE.Vector3().crossVectors(right, forward).normalize();

  // Look at the middle of the silhouette (as seen along the view direction), not at the box's centre.
  const offset = new THREE.Vector3();
  const bounds = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (const point of points) {
    offset.subVectors(point, center);
    const x = offset.dot(right);
    const y = offset.dot(up);
    bounds.minX = Math.min(bounds.minX, x);
    bounds.maxX = Math.max(bounds.maxX, x);
    bounds.minY = Math.min(bounds.minY, y);
    bounds.maxY = Math.max(bounds.maxY, y);
  }
  center.addScaledVector(right, (bounds.minX + bounds.maxX) / 2).addScaledVector(up, (bounds.minY + bounds.maxY) / 2);

  const tanV = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
  const tanH = tanV * camera.aspect;
  let distance = radius * 1.05;
  for (const point of points) {
    offset.subVectors(point, center);
    const x = Math.abs(offset.dot(right));
    const y = Math.abs(offset.dot(up));
    const z = offset.dot(forward);
    // The point sits at depth distance + z; it is inside the padded frustum when x/(distance+z) ≤ tanH/padding.
    distance = Math.max(distance, (x * padding) / tanH - z, (y * padding) / tanV - z);
  }

  camera.up.copy(worldUp);
  camera.position.copy(center).addScaledVector(toCamera, distance);
  camera.lookAt(center);
  camera.near = Math.max(distance / 1000, Math.min(distance / 100, (distance - radius) * 0.5));
  camera.far = distance + radius * 20;
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld(true);
  return { center, radius, distance };
}
