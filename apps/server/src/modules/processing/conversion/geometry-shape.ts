import {
  type Accessor,
  type Document,
  MathUtils,
  type Mesh,
  type Node,
  Primitive,
  type PrimitiveTarget,
} from '@gltf-transform/core';

export type Vec3 = [number, number, number];
type Vec9 = [number, number, number, number, number, number, number, number, number];

/** What a primitive looks like where it is drawn: enough to tell a faithful step from one that broke it. */
export interface PrimitiveShape {
  /** Vertices the primitive draws (those its indices use). */
  vertices: number;
  min: Vec3;
  max: Vec3;
  /** Standard deviation of the positions per axis. */
  spread: Vec3;
  /** Each morph target's range of position offsets per axis. */
  targets: { min: Vec3; max: Vec3 }[];
  /** Every position and offset is a finite number. */
  finite: boolean;
}

/** 4×4 column-major matrices, as glTF stores them. */
type Matrix = ArrayLike<number>;
const IDENTITY: Matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** An accessor's values as floats (normalised integers decoded, plain integers as they are). */
export function floatValues(accessor: Accessor): Float32Array {
  const array = accessor.getArray();
  if (!array) return new Float32Array(0);
  if (array instanceof Float32Array) return array;
  const out = new Float32Array(array.length);
  const normalized = accessor.getNormalized();
  const type = accessor.getComponentType();
  for (let i = 0; i < array.length; i++) {
    out[i] = normalized ? MathUtils.decodeNormalizedInt(array[i] as number, type) : (array[i] as number);
  }
  return out;
}

/** Where each vertex goes: one matrix for all of them, or (skinned) a blend of joint matrices per vertex. */
type Placement =
  | { kind: 'node'; matrix: Matrix }
  | { kind: 'skin'; joints: Float32Array[]; weights: Float32Array[]; matrices: Float64Array[] };

function skinPlacement(node: Node, prim: Primitive): Placement | null {
  const skin = node.getSkin();
  if (!skin || !prim.getAttribute('JOINTS_0') || !prim.getAttribute('WEIGHTS_0')) return null;
  const ibm = skin.getInverseBindMatrices();
  const ibmValues = ibm ? floatValues(ibm) : null;
  const matrices = skin.listJoints().map((joint, j) => {
    const world = joint.getWorldMatrix();
    const bind = ibmValues ? ibmValues.subarray(j * 16, j * 16 + 16) : IDENTITY;
    return multiply(world, bind);
  });
  const joints: Float32Array[] = [];
  const weights: Float32Array[] = [];
  for (let set = 0; prim.getAttribute(`JOINTS_${set}`) && prim.getAttribute(`WEIGHTS_${set}`); set++) {
    joints.push(floatValues(prim.getAttribute(`JOINTS_${set}`) as Accessor));
    weights.push(floatValues(prim.getAttribute(`WEIGHTS_${set}`) as Accessor));
  }
  return { kind: 'skin', joints, weights, matrices };
}

function multiply(a: Matrix, b: Matrix): Float64Array {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + r] as number) * (b[c * 4 + k] as number);
      out[c * 4 + r] = sum;
    }
  }
  return out;
}

/** The matrix of vertex `i`: the node's, or its weights' blend of joint matrices (weights that sum to 0 leave it at the node). */
function vertexMatrix(placement: Placement, i: number, blend: Float64Array, fallback: Matrix): Matrix {
  if (placement.kind === 'node') return placement.matrix;
  blend.fill(0);
  let total = 0;
  placement.weights.forEach((weights, set) => {
    const joints = placement.joints[set] as Float32Array;
    for (let k = 0; k < 4; k++) {
      const w = weights[i * 4 + k] as number;
      const m = placement.matrices[joints[i * 4 + k] as number];
      if (!w || !m) continue;
      total += w;
      for (let e = 0; e < 16; e++) blend[e] = (blend[e] as number) + w * (m[e] as number);
    }
  });
  if (total <= 0) return fallback;
  for (let e = 0; e < 16; e++) blend[e] = (blend[e] as number) / total;
  return blend;
}

class Range {
  readonly min: Vec3 = [Infinity, Infinity, Infinity];
  readonly max: Vec3 = [-Infinity, -Infinity, -Infinity];
  add(x: number, y: number, z: number) {
    const { min, max } = this;
    if (x < min[0]) min[0] = x;
    if (x > max[0]) max[0] = x;
    if (y < min[1]) min[1] = y;
    if (y > max[1]) max[1] = y;
    if (z < min[2]) min[2] = z;
    if (z > max[2]) max[2] = z;
  }
  result(): { min: Vec3; max: Vec3 } {
    const empty = !Number.isFinite(this.min[0]);
    return { min: empty ? [0, 0, 0] : this.min, max: empty ? [0, 0, 0] : this.max };
  }
}

function drawnVertices(prim: Primitive, count: number): Uint8Array {
  const used = new Uint8Array(count);
  const indices = prim.getIndices()?.getArray();
  if (!indices) return used.fill(1);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i] as number;
    if (index < count) used[index] = 1;
  }
  return used;
}

/**
 * Weighted first and second moments per axis, taken from a fixed origin (the first point) so that the variance
 * stays exact far from the scene's origin.
 */
class Moments {
  private origin: Vec3 | null = null;
  private weight = 0;
  private readonly sum = [0, 0, 0];
  private readonly squares = [0, 0, 0];
  /** `mean` and `square` per axis are relative to the origin: set it first with `start`. */
  start(x: number, y: number, z: number) {
    this.origin ??= [x, y, z];
    return this.origin;
  }
  /** Sums already weighted: `sum` = Σ weight·mean, `squares` = Σ weight·square. */
  addSums(weight: number, sum: Vec3, squares: Vec3) {
    this.weight += weight;
    for (let a = 0; a < 3; a++) {
      this.sum[a] = (this.sum[a] as number) + (sum[a] as number);
      this.squares[a] = (this.squares[a] as number) + (squares[a] as number);
    }
  }
  get total() {
    return this.weight;
  }
  deviation(): Vec3 {
    const w = this.weight;
    const axis = (a: number) =>
      w > 0 ? Math.sqrt(Math.max(0, (this.squares[a] as number) / w - ((this.sum[a] as number) / w) ** 2)) : 0;
    return [axis(0), axis(1), axis(2)];
  }
}

/** Vertex positions where they are drawn (NaN where not drawn or not a number), and morph offsets moved alike. */
function placeVertices(
  values: Float32Array,
  offsets: (Float32Array | null)[],
  used: Uint8Array,
  placement: Placement,
  fallback: Matrix,
  ranges: Range[],
  bounds: Range,
): { world: Float64Array; finite: boolean } {
  const count = used.length;
  const world = new Float64Array(count * 3).fill(Number.NaN);
  const blend = new Float64Array(16);
  const morphed = offsets.some((offset) => offset !== null);
  let finite = true;
  const node = Float64Array.from(placement.kind === 'node' ? placement.matrix : fallback);
  let [minX, minY, minZ, maxX, maxY, maxZ] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  let m: Matrix = node;
  let [m0, m1, m2, m4, m5, m6, m8, m9, m10] = [0, 1, 2, 4, 5, 6, 8, 9, 10].map((e) => node[e] as number) as Vec9;
  for (let i = 0; i < count; i++) {
    if (!used[i]) continue;
    if (placement.kind === 'skin') {
      m = vertexMatrix(placement, i, blend, node);
      [m0, m1, m2, m4, m5, m6, m8, m9, m10] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]] as Vec9;
    }
    const x = values[i * 3] as number;
    const y = values[i * 3 + 1] as number;
    const z = values[i * 3 + 2] as number;
    const wx = m0 * x + m4 * y + m8 * z + (m[12] as number);
    const wy = m1 * x + m5 * y + m9 * z + (m[13] as number);
    const wz = m2 * x + m6 * y + m10 * z + (m[14] as number);
    if (!(Number.isFinite(wx) && Number.isFinite(wy) && Number.isFinite(wz))) {
      finite = false;
      continue;
    }
    world[i * 3] = wx;
    world[i * 3 + 1] = wy;
    world[i * 3 + 2] = wz;
    if (wx < minX) minX = wx;
    if (wx > maxX) maxX = wx;
    if (wy < minY) minY = wy;
    if (wy > maxY) maxY = wy;
    if (wz < minZ) minZ = wz;
    if (wz > maxZ) maxZ = wz;
    if (!morphed) continue;
    for (let t = 0; t < offsets.length; t++) {
      const offset = offsets[t];
      if (!offset) continue;
      const [ux, uy, uz] = [offset[i * 3] as number, offset[i * 3 + 1] as number, offset[i * 3 + 2] as number];
      const mx = m0 * ux + m4 * uy + m8 * uz;
      const my = m1 * ux + m5 * uy + m9 * uz;
      const mz = m2 * ux + m6 * uy + m10 * uz;
      if (Number.isFinite(mx) && Number.isFinite(my) && Number.isFinite(mz)) (ranges[t] as Range).add(mx, my, mz);
      else finite = false;
    }
  }
  if (minX <= maxX) {
    bounds.add(minX, minY, minZ);
    bounds.add(maxX, maxY, maxZ);
  }
  return { world, finite };
}

/** Each drawn corner once, from the moments' origin. */
function addCorners(world: Float64Array, corners: Uint32Array, moments: Moments) {
  const n = corners.length;
  let origin: Vec3 | null = null;
  let [o0, o1, o2, w, s0, s1, s2, q0, q1, q2] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let c = 0; c < n; c++) {
    const i = (corners[c] as number) * 3;
    const x = world[i] as number;
    if (Number.isNaN(x)) continue;
    if (!origin) {
      origin = moments.start(x, world[i + 1] as number, world[i + 2] as number);
      [o0, o1, o2] = origin;
    }
    const d0 = x - o0;
    const d1 = (world[i + 1] as number) - o1;
    const d2 = (world[i + 2] as number) - o2;
    w += 1;
    s0 += d0;
    s1 += d1;
    s2 += d2;
    q0 += d0 * d0;
    q1 += d1 * d1;
    q2 += d2 * d2;
  }
  if (w > 0) moments.addSums(w, [s0, s1, s2], [q0, q1, q2]);
}

/** Each triangle's points, uniformly (weighted by its area), from the moments' origin. */
function addTriangles(world: Float64Array, corners: Uint32Array, moments: Moments) {
  const n = corners.length;
  if (n === 0 || Number.isNaN(world[(corners[0] as number) * 3] as number)) return;
  const first = (corners[0] as number) * 3;
  const [o0, o1, o2] = moments.start(world[first] as number, world[first + 1] as number, world[first + 2] as number);
  let [w, s0, s1, s2, q0, q1, q2] = [0, 0, 0, 0, 0, 0, 0];
  for (let t = 0; t + 2 < n; t += 3) {
    const i = (corners[t] as number) * 3;
    const j = (corners[t + 1] as number) * 3;
    const k = (corners[t + 2] as number) * 3;
    const ax = (world[i] as number) - o0;
    const ay = (world[i + 1] as number) - o1;
    const az = (world[i + 2] as number) - o2;
    const bx = (world[j] as number) - o0;
    const by = (world[j + 1] as number) - o1;
    const bz = (world[j + 2] as number) - o2;
    const cx = (world[k] as number) - o0;
    const cy = (world[k + 1] as number) - o1;
    const cz = (world[k + 2] as number) - o2;
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const area = Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
    if (!(area > 0)) continue;
    w += area;
    s0 += (area * (ax + bx + cx)) / 3;
    s1 += (area * (ay + by + cy)) / 3;
    s2 += (area * (az + bz + cz)) / 3;
    // E[x²] over a triangle with uniform density: (a² + b² + c² + ab + bc + ca) / 6.
    q0 += (area * (ax * ax + bx * bx + cx * cx + ax * bx + bx * cx + cx * ax)) / 6;
    q1 += (area * (ay * ay + by * by + cy * cy + ay * by + by * cy + cy * ay)) / 6;
    q2 += (area * (az * az + bz * bz + cz * cz + az * bz + bz * cz + cz * az)) / 6;
  }
  if (w > 0) moments.addSums(w, [s0, s1, s2], [q0, q1, q2]);
}

function identityCorners(count: number): Uint32Array {
  const corners = new Uint32Array(count);
  for (let i = 0; i < count; i++) corners[i] = i;
  return corners;
}

/** The shape of one primitive over every placement it is drawn at (world space). */
export function primitiveShape(prim: Primitive, placements: Matrix[], nodes: Node[] = []): PrimitiveShape {
  const position = prim.getAttribute('POSITION');
  const targets = prim.listTargets();
  const ranges = targets.map(() => new Range());
  if (!position) {
    const none: Vec3 = [0, 0, 0];
    return { vertices: 0, min: none, max: none, spread: none, targets: ranges.map((r) => r.result()), finite: true };
  }
  const values = floatValues(position);
  const count = position.getCount();
  const used = drawnVertices(prim, count);
  const offsets = targets.map((t: PrimitiveTarget) => {
    const offset = t.getAttribute('POSITION');
    return offset ? floatValues(offset) : null;
  });
  // One index type for every primitive keeps the loops below monomorphic.
  const indices = prim.getIndices()?.getArray();
  const corners =
    indices instanceof Uint32Array ? indices : indices ? Uint32Array.from(indices) : identityCorners(count);
  // The spread of a surface is measured over its area (each triangle's points, uniformly): welding and
  // simplification keep it, while a count of vertices would change with them. Points, lines, strips and
  // surfaces without area count each drawn corner once.
  const triangles = prim.getMode() === Primitive.Mode.TRIANGLES;
  const bounds = new Range();
  const surface = new Moments();
  const corner = new Moments();
  let finite = true;
  const placementAt = (k: number): Placement => {
    const node = nodes[k];
    return (node && skinPlacement(node, prim)) || { kind: 'node', matrix: placements[k] as Matrix };
  };
  placements.forEach((matrix, k) => {
    const placed = placeVertices(values, offsets, used, placementAt(k), matrix, ranges, bounds);
    finite &&= placed.finite;
    if (triangles) addTriangles(placed.world, corners, surface);
    else addCorners(placed.world, corners, corner);
  });
  if (triangles && !(surface.total > 0)) {
    // No area (rare): the corners, placed again.
    placements.forEach((matrix, k) => {
      const unused = () => new Range();
      const placed = placeVertices(values, offsets, used, placementAt(k), matrix, ranges.map(unused), unused());
      addCorners(placed.world, corners, corner);
    });
  }
  const spread = (surface.total > 0 ? surface : corner).deviation();
  let vertices = 0;
  for (let i = 0; i < count; i++) vertices += used[i] as number;
  return { vertices, ...bounds.result(), spread, targets: ranges.map((r) => r.result()), finite };
}

/** The nodes of the default scene that draw each mesh. */
function meshInstances(doc: Document): Map<Mesh, Node[]> {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const instances = new Map<Mesh, Node[]>();
  for (const child of scene?.listChildren() ?? []) {
    child.traverse((node) => {
      const mesh = node.getMesh();
      if (mesh) instances.set(mesh, [...(instances.get(mesh) ?? []), node]);
    });
  }
  return instances;
}

/**
 * Every primitive's shape, by mesh (in the document's order) and primitive: where the scene draws it (node
 * transforms, skins at their pose), or as stored when no node draws it. Two documents are compared mesh by
 * mesh, so a step that moves scale into node transforms (quantization) still compares alike.
 */
export function measureShapes(doc: Document): PrimitiveShape[][] {
  const instances = meshInstances(doc);
  return doc
    .getRoot()
    .listMeshes()
    .map((mesh) => {
      const nodes = instances.get(mesh) ?? [];
      const matrices = nodes.length > 0 ? nodes.map((node) => node.getWorldMatrix()) : [IDENTITY];
      return mesh.listPrimitives().map((prim) => primitiveShape(prim, matrices, nodes));
    });
}

/** A primitive's shape as stored (no node transform): for steps that change one primitive in place. */
export const localShape = (prim: Primitive) => primitiveShape(prim, [IDENTITY]);

/** The bounds of every drawn primitive together (the figures' bounds, measured on the output). */
export function shapesBounds(shapes: PrimitiveShape[][]): { min: Vec3; max: Vec3 } | null {
  const drawn = shapes.flat().filter((s) => s.vertices > 0);
  if (drawn.length === 0) return null;
  const min = [0, 1, 2].map((a) => Math.min(...drawn.map((s) => s.min[a] as number))) as Vec3;
  const max = [0, 1, 2].map((a) => Math.max(...drawn.map((s) => s.max[a] as number))) as Vec3;
  return { min, max };
}
