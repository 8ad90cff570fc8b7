import type { Accessor, Primitive, PrimitiveTarget } from '@gltf-transform/core';
import { localShape, type PrimitiveShape, type Vec3 } from './geometry-shape.ts';

/**
 * How far a step may move a primitive (decision 0035): its bounds and its spread of positions (standard deviation
 * per axis) stay within 1 % of the reference diagonal (the mesh's, or the primitive's for a step on one primitive).
 * 14-bit quantization moves a vertex by at most 1/16 000 of the mesh; a simplification within 0.1 %.
 */
export const GEOMETRY_TOLERANCE = 0.01;
/** A morph target's offsets stay within 10 % of their own range, or 0.1 % of the reference diagonal if larger. */
export const MORPH_TOLERANCE = 0.1;
export const MORPH_FLOOR = 0.001;

export interface StepRule {
  /** The step keeps every drawn vertex (quantization, reordering); weld and simplify may drop some. */
  keepsVertices: boolean;
}

const format = (n: number) => Number(n.toPrecision(3)).toLocaleString('en-US');
const gap = (a: Vec3, b: Vec3) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number))));
const diagonal = (s: { min: Vec3; max: Vec3 }) => Math.hypot(...s.max.map((v, i) => v - (s.min[i] as number)));

/** The diagonal of a mesh's primitives together: the yardstick for each of them. */
export function meshDiagonal(shapes: PrimitiveShape[]): number {
  const drawn = shapes.filter((s) => s.vertices > 0);
  if (drawn.length === 0) return 0;
  const min = [0, 1, 2].map((a) => Math.min(...drawn.map((s) => s.min[a] as number))) as Vec3;
  const max = [0, 1, 2].map((a) => Math.max(...drawn.map((s) => s.max[a] as number))) as Vec3;
  return diagonal({ min, max });
}

/** Why `after` is not a faithful result of a step on `before`, or null. */
export function shapeProblem(
  before: PrimitiveShape,
  after: PrimitiveShape | undefined,
  reference: number,
  rule: StepRule,
): string | null {
  if (!after) return 'it was removed';
  if (before.finite && !after.finite) return 'its positions are no longer numbers';
  if (before.vertices > 0 && after.vertices === 0) return `it lost all its ${format(before.vertices)} vertices`;
  if (rule.keepsVertices && after.vertices !== before.vertices) {
    return `its vertices went from ${format(before.vertices)} to ${format(after.vertices)}`;
  }
  if (before.vertices === 0) return null;
  const magnitude = Math.max(...before.min.map(Math.abs), ...before.max.map(Math.abs));
  const tolerance = Math.max(GEOMETRY_TOLERANCE * reference, 1e-6 * (1 + magnitude));
  const spreadBefore = Math.max(...before.spread);
  const spreadAfter = Math.max(...after.spread);
  if (gap(before.spread, after.spread) > tolerance) {
    return spreadAfter < spreadBefore
      ? `it collapsed (spread of positions ${format(spreadBefore)} → ${format(spreadAfter)})`
      : `it was stretched (spread of positions ${format(spreadBefore)} → ${format(spreadAfter)})`;
  }
  const moved = Math.max(gap(before.min, after.min), gap(before.max, after.max));
  if (moved > tolerance) return `it moved or changed size (its bounds by ${format(moved)})`;
  if (after.targets.length !== before.targets.length) {
    return `its morph targets went from ${before.targets.length} to ${after.targets.length}`;
  }
  for (const [t, target] of before.targets.entries()) {
    const done = after.targets[t] as { min: Vec3; max: Vec3 };
    const extent = Math.max(...target.max.map((v, i) => v - (target.min[i] as number)));
    const allowed = Math.max(MORPH_TOLERANCE * extent, MORPH_FLOOR * reference, 1e-6 * (1 + magnitude));
    const changed = Math.max(gap(target.min, done.min), gap(target.max, done.max));
    if (changed > allowed) return `morph target ${t + 1} changed its range by ${format(changed)}`;
  }
  return null;
}

/** Why a mesh's primitives are not a faithful result of a step on them, or null. */
export function meshProblem(before: PrimitiveShape[], after: PrimitiveShape[] | undefined, rule: StepRule) {
  if (!after) return 'it was removed';
  if (after.length !== before.length) return `its parts went from ${before.length} to ${after.length}`;
  const reference = meshDiagonal(before);
  for (const [p, shape] of before.entries()) {
    const problem = shapeProblem(shape, after[p], reference, rule);
    if (problem) return before.length > 1 ? `part ${p + 1}: ${problem}` : problem;
  }
  return null;
}

type Attributes = [string, Accessor][];

/** Copies of a primitive's accessors, to put back if a step on it fails its check. */
interface PrimitiveSnapshot {
  indices: Accessor | null;
  attributes: Attributes;
  targets: [PrimitiveTarget, Attributes][];
}

const copies = (owner: Primitive | PrimitiveTarget): Attributes =>
  owner.listSemantics().map((semantic) => [semantic, (owner.getAttribute(semantic) as Accessor).clone()]);

function snapshot(prim: Primitive): PrimitiveSnapshot {
  return {
    indices: prim.getIndices()?.clone() ?? null,
    attributes: copies(prim),
    targets: prim.listTargets().map((target) => [target, copies(target)]),
  };
}

const orphaned = (accessor: Accessor | null) => accessor && accessor.listParents().length <= 1;

function restoreAttributes(owner: Primitive | PrimitiveTarget, attributes: Attributes) {
  const replaced = owner.listSemantics().map((semantic) => owner.getAttribute(semantic));
  for (const semantic of owner.listSemantics()) owner.setAttribute(semantic, null);
  for (const [semantic, accessor] of attributes) owner.setAttribute(semantic, accessor);
  for (const accessor of replaced) if (orphaned(accessor)) accessor?.dispose();
}

function restore(prim: Primitive, saved: PrimitiveSnapshot) {
  const indices = prim.getIndices();
  prim.setIndices(saved.indices);
  if (orphaned(indices)) indices?.dispose();
  restoreAttributes(prim, saved.attributes);
  for (const [target, attributes] of saved.targets) restoreAttributes(target, attributes);
}

function discard(saved: PrimitiveSnapshot) {
  saved.indices?.dispose();
  const all = [...saved.attributes, ...saved.targets.flatMap(([, attributes]) => attributes)];
  for (const [, accessor] of all) accessor.dispose();
}

/**
 * Runs a step on one primitive (weld, simplify) and checks what it did: a primitive that collapsed or moved beyond
 * the tolerance gets its input back. Returns why it was undone, or null.
 */
export function guardPrimitive(prim: Primitive, rule: StepRule, step: (prim: Primitive) => void): string | null {
  const before = localShape(prim);
  const saved = snapshot(prim);
  step(prim);
  const problem = shapeProblem(before, localShape(prim), diagonal(before), rule);
  if (problem) restore(prim, saved);
  else discard(saved);
  return problem;
}
