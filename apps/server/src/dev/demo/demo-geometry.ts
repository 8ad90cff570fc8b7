/** A small mesh builder for the demo pieces: metres, Y up, outward normals, counter-clockwise front faces. */

export type Vec3 = [number, number, number];

/** One mesh of one material; UVs are in metres along the face (a texture covers 1 m × 1 m and repeats). */
export interface Part {
  name: string;
  material: string;
  positions: number[];
  normals: number[];
  uvs: number[];
  indices: number[];
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const normalise = (a: Vec3): Vec3 => {
  const length = Math.hypot(a[0], a[1], a[2]);
  return length > 0 ? scale(a, 1 / length) : [0, 1, 0];
};

/** Collects vertices and triangles; a triangle is wound to face the way its vertices' normals point. */
class PartBuilder {
  readonly part: Part;
  constructor(name: string, material: string) {
    this.part = { name, material, positions: [], normals: [], uvs: [], indices: [] };
  }
  vertex(p: Vec3, n: Vec3, uv: [number, number]): number {
    this.part.positions.push(...p);
    this.part.normals.push(...n);
    this.part.uvs.push(...uv);
    return this.part.positions.length / 3 - 1;
  }
  private at(i: number, list: number[]): Vec3 {
    return [list[i * 3] as number, list[i * 3 + 1] as number, list[i * 3 + 2] as number];
  }
  triangle(a: number, b: number, c: number): void {
    const pa = this.at(a, this.part.positions);
    const face = cross(sub(this.at(b, this.part.positions), pa), sub(this.at(c, this.part.positions), pa));
    if (Math.hypot(...face) < 1e-12) return; // degenerate (a pole of a sphere, a cone's tip)
    const normal = add(
      add(this.at(a, this.part.normals), this.at(b, this.part.normals)),
      this.at(c, this.part.normals),
    );
    if (dot(face, normal) >= 0) this.part.indices.push(a, b, c);
    else this.part.indices.push(a, c, b);
  }
  quad(a: number, b: number, c: number, d: number): void {
    this.triangle(a, b, c);
    this.triangle(a, c, d);
  }
}

const BOX_FACES: { n: Vec3; u: Vec3; v: Vec3 }[] = [
  { n: [1, 0, 0], u: [0, 0, -1], v: [0, 1, 0] },
  { n: [-1, 0, 0], u: [0, 0, 1], v: [0, 1, 0] },
  { n: [0, 1, 0], u: [1, 0, 0], v: [0, 0, -1] },
  { n: [0, -1, 0], u: [1, 0, 0], v: [0, 0, 1] },
  { n: [0, 0, 1], u: [1, 0, 0], v: [0, 1, 0] },
  { n: [0, 0, -1], u: [-1, 0, 0], v: [0, 1, 0] },
];

/** An axis-aligned box between two corners. */
export function box(name: string, material: string, min: Vec3, max: Vec3): Part {
  const b = new PartBuilder(name, material);
  const centre = scale(add(min, max), 0.5);
  const half = scale(sub(max, min), 0.5);
  for (const { n, u, v } of BOX_FACES) {
    const hn = Math.abs(dot(half, n));
    const hu = Math.abs(dot(half, u));
    const hv = Math.abs(dot(half, v));
    const corner = (su: number, sv: number) => {
      const p = add(add(add(centre, scale(n, hn)), scale(u, su * hu)), scale(v, sv * hv));
      return b.vertex(p, n, [dot(p, u), dot(p, v)]);
    };
    b.quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1));
  }
  return b.part;
}

export interface RingOptions {
  segments?: number;
  /** Smooth normals around (round things); flat for few segments (a square hood canopy). */
  smooth?: boolean;
  caps?: boolean;
  /** Turns the ring about its axis, radians (45° makes a 4-segment ring a square with sides on the axes). */
  phase?: number;
}

/** A cylinder or frustum standing on `base` along +Y: radii at the bottom and the top, `height` tall. */
export function frustum(
  name: string,
  material: string,
  base: Vec3,
  radiusBottom: number,
  radiusTop: number,
  height: number,
  options: RingOptions = {},
): Part {
  const { segments = 24, smooth = true, caps = true, phase = 0 } = options;
  const b = new PartBuilder(name, material);
  const slope = (radiusBottom - radiusTop) / height;
  const around = (i: number) => phase + (2 * Math.PI * i) / segments;
  const ring = (radius: number, angle: number, y: number): Vec3 => [
    base[0] + radius * Math.cos(angle),
    base[1] + y,
    base[2] - radius * Math.sin(angle),
  ];
  const sideNormal = (angle: number) => normalise([Math.cos(angle), slope, -Math.sin(angle)]);
  const circumference = 2 * Math.PI * Math.max(radiusBottom, radiusTop);
  for (let i = 0; i < segments; i++) {
    const a0 = around(i);
    const a1 = around(i + 1);
    const n0 = smooth ? sideNormal(a0) : sideNormal((a0 + a1) / 2);
    const n1 = smooth ? sideNormal(a1) : n0;
    const u0 = (circumference * i) / segments;
    const u1 = (circumference * (i + 1)) / segments;
    b.quad(
      b.vertex(ring(radiusBottom, a0, 0), n0, [u0, 0]),
      b.vertex(ring(radiusBottom, a1, 0), n1, [u1, 0]),
      b.vertex(ring(radiusTop, a1, height), n1, [u1, height]),
      b.vertex(ring(radiusTop, a0, height), n0, [u0, height]),
    );
  }
  if (caps) {
    for (const [radius, y, n] of [
      [radiusBottom, 0, [0, -1, 0]],
      [radiusTop, height, [0, 1, 0]],
    ] as [number, number, Vec3][]) {
      if (radius <= 0) continue;
      const flat = (p: Vec3): [number, number] => [p[0], p[2]];
      const centre = b.vertex(add(base, [0, y, 0]), n, flat(add(base, [0, y, 0])));
      const rim = Array.from({ length: segments }, (_, i) => {
        const p = ring(radius, around(i), y);
        return b.vertex(p, n, flat(p));
      });
      for (let i = 0; i < segments; i++) b.triangle(centre, rim[i] as number, rim[(i + 1) % segments] as number);
    }
  }
  return b.part;
}

/** A rectangular frustum (hood canopy): bottom and top sizes [width, depth], the top shifted back by `topShiftZ`. */
export function taperedBox(
  name: string,
  material: string,
  base: Vec3,
  bottom: [number, number],
  top: [number, number],
  height: number,
  topShiftZ = 0,
): Part {
  const b = new PartBuilder(name, material);
  const corners = (size: [number, number], y: number, shift: number): Vec3[] => [
    [base[0] - size[0] / 2, base[1] + y, base[2] + shift + size[1] / 2],
    [base[0] + size[0] / 2, base[1] + y, base[2] + shift + size[1] / 2],
    [base[0] + size[0] / 2, base[1] + y, base[2] + shift - size[1] / 2],
    [base[0] - size[0] / 2, base[1] + y, base[2] + shift - size[1] / 2],
  ];
  const low = corners(bottom, 0, 0);
  const high = corners(top, height, topShiftZ);
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    const quad = [low[i], low[j], high[j], high[i]] as Vec3[];
    const n = normalise(cross(sub(quad[1] as Vec3, quad[0] as Vec3), sub(quad[3] as Vec3, quad[0] as Vec3)));
    const outward = dot(n, sub(quad[0] as Vec3, base)) >= 0 ? n : scale(n, -1);
    const across = normalise(sub(quad[1] as Vec3, quad[0] as Vec3));
    const upward = cross(outward, across);
    const ids = quad.map((p) => b.vertex(p, outward, [dot(p, across), dot(p, upward)]));
    b.quad(ids[0] as number, ids[1] as number, ids[2] as number, ids[3] as number);
  }
  for (const [ring, n] of [
    [low, [0, -1, 0]],
    [high, [0, 1, 0]],
  ] as [Vec3[], Vec3][]) {
    const ids = ring.map((p) => b.vertex(p, n, [p[0], p[2]]));
    b.quad(ids[0] as number, ids[1] as number, ids[2] as number, ids[3] as number);
  }
  return b.part;
}

/** A UV sphere. */
export function sphere(name: string, material: string, centre: Vec3, radius: number, segments = 20): Part {
  const b = new PartBuilder(name, material);
  const rows = Math.max(4, Math.round(segments / 2));
  const grid: number[][] = [];
  for (let r = 0; r <= rows; r++) {
    const theta = (Math.PI * r) / rows;
    const row: number[] = [];
    for (let s = 0; s <= segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      const n: Vec3 = [Math.sin(theta) * Math.cos(phi), Math.cos(theta), -Math.sin(theta) * Math.sin(phi)];
      row.push(b.vertex(add(centre, scale(n, radius)), n, [(s / segments) * 2 * Math.PI * radius, theta * radius]));
    }
    grid.push(row);
  }
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s < segments; s++) {
      const row = grid[r] as number[];
      const next = grid[r + 1] as number[];
      b.quad(row[s] as number, next[s] as number, next[s + 1] as number, row[s + 1] as number);
    }
  }
  return b.part;
}

/** A round rod from one point to another (handle bars, stool legs, pan supports). */
export function rod(name: string, material: string, from: Vec3, to: Vec3, radius: number, segments = 12): Part {
  const axis = sub(to, from);
  const length = Math.hypot(...axis);
  const dir = normalise(axis);
  const helper: Vec3 = Math.abs(dir[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const e1 = normalise(cross(dir, helper));
  const e2 = cross(e1, dir);
  const local = frustum(name, material, [0, 0, 0], radius, radius, length, { segments });
  // Local x → e1, y → dir, z → e2: a right-handed basis, so windings stay front-facing.
  const map = (v: Vec3, origin: Vec3): Vec3 =>
    add(origin, add(add(scale(e1, v[0]), scale(dir, v[1])), scale(e2, v[2])));
  return mapPart(
    local,
    (p) => map(p, from),
    (n) => map(n, [0, 0, 0]),
  );
}

function mapPart(part: Part, position: (p: Vec3) => Vec3, normal: (n: Vec3) => Vec3): Part {
  const positions: number[] = [];
  const normals: number[] = [];
  for (let i = 0; i < part.positions.length; i += 3) {
    positions.push(...position(part.positions.slice(i, i + 3) as Vec3));
    normals.push(...normalise(normal(part.normals.slice(i, i + 3) as Vec3)));
  }
  return { ...part, positions, normals };
}

/** Parts moved by an offset. */
export function moved(parts: readonly Part[], offset: Vec3): Part[] {
  return parts.map((part) =>
    mapPart(
      part,
      (p) => add(p, offset),
      (n) => n,
    ),
  );
}

/** Parts turned about the Y axis through the origin (counter-clockwise seen from above). */
export function turned(parts: readonly Part[], radians: number): Part[] {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  const turn = (v: Vec3): Vec3 => [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]];
  return parts.map((part) => mapPart(part, turn, turn));
}

/** Parts renamed with a prefix (a cabinet inside an island: "left/door"). */
export function prefixed(parts: readonly Part[], prefix: string): Part[] {
  return parts.map((part) => ({ ...part, name: `${prefix}/${part.name}` }));
}

/** The axis-aligned bounds of parts. */
export function boundsOf(parts: readonly Part[]): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const part of parts) {
    for (let i = 0; i < part.positions.length; i++) {
      const axis = i % 3;
      const value = part.positions[i] as number;
      if (value < (min[axis] as number)) min[axis] = value;
      if (value > (max[axis] as number)) max[axis] = value;
    }
  }
  return { min, max };
}

/** The size of parts in metres along X, Y and Z. */
export function sizeOf(parts: readonly Part[]): Vec3 {
  const { min, max } = boundsOf(parts);
  return sub(max, min);
}
