import { readFile } from 'node:fs/promises';
import type { AnimationChannel, Document, Node } from '@gltf-transform/core';
import { BINARY_MAGIC, binaryValues, fbxBinaryTree } from './fbx-global-settings.ts';

/**
 * FBX's InheritType 2 (eInheritRrs): the node does not take its parent's scale, only its rotation; its translation
 * still moves in the parent's scaled space. Maya writes it for joints with segment scale compensation. assimp reads
 * every node as glTF inherits (the parent's scale too), so a chain under a scaled joint comes out too long. glTF has
 * no such node, so the node's scale is divided by its parent's scale as the file means it, at every key.
 */
const RRS = 2;
/** Helper nodes assimp makes for pivots and pre-rotations carry this in their name; they are not the file's nodes. */
const HELPER = '_$AssimpFbx$_';
/** A curve of one scale divided by another is not linear: keys are added until it is within this of a straight line. */
const RATIO_TOLERANCE = 1e-5;
const MAX_DEPTH = 6;

/** The names of the file's Models whose InheritType is eInheritRrs, ASCII or binary FBX 7.x. */
export async function readRrsModels(filePath: string): Promise<Set<string>> {
  const bytes = await readFile(filePath);
  const names = new Set<string>();
  if (bytes.toString('latin1', 0, BINARY_MAGIC.length) === BINARY_MAGIC) {
    if (bytes.length < 27) return names;
    try {
      const { children } = fbxBinaryTree(bytes);
      const objects = children(27, bytes.length).find((node) => node.name === 'Objects');
      for (const model of objects ? children(objects.children, objects.end) : []) {
        if (model.name !== 'Model' || model.count < 2) continue;
        const name = binaryValues(bytes, model.properties, 2)[1];
        const props70 = children(model.children, model.end).find((node) => node.name === 'Properties70');
        for (const p of props70 ? children(props70.children, props70.end) : []) {
          if (p.name !== 'P' || p.count < 5) continue;
          const values = binaryValues(bytes, p.properties, p.count);
          if (values[0] === 'InheritType' && values[4] === RRS && typeof name === 'string') {
            names.add(name.split('\0\x01')[0] as string);
          }
        }
      }
    } catch {
      return new Set();
    }
    return names;
  }
  const text = bytes.toString('utf8');
  const model = /^\s*Model:\s*[^,]*,\s*"Model::([^"]*)"[^{\n]*\{([\s\S]*?)\n\s*\}/gm;
  for (const [, name = '', body = ''] of text.matchAll(model)) {
    const inherit = /P:\s*"InheritType"\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*(\d+)/.exec(body);
    if (inherit && Number(inherit[1]) === RRS) names.add(name);
  }
  return names;
}

type Vec3 = [number, number, number];

/** A node's scale at time t in one animation: its channel's (linear or step) value, else its own. */
function scaleAt(node: Node, channel: AnimationChannel | undefined, t: number): Vec3 {
  const sampler = channel?.getSampler();
  const input = sampler?.getInput()?.getArray();
  const output = sampler?.getOutput()?.getArray();
  if (!sampler || !input || !output || input.length === 0 || sampler.getInterpolation() === 'CUBICSPLINE') {
    return node.getScale();
  }
  const value = (i: number): Vec3 => [output[i * 3] ?? 1, output[i * 3 + 1] ?? 1, output[i * 3 + 2] ?? 1];
  const last = input.length - 1;
  if (t <= (input[0] as number)) return value(0);
  if (t >= (input[last] as number)) return value(last);
  let i = 0;
  while ((input[i + 1] as number) < t) i++;
  if (sampler.getInterpolation() === 'STEP') return value(i);
  const [t0, t1] = [input[i] as number, input[i + 1] as number];
  const f = (t - t0) / (t1 - t0);
  const [a, b] = [value(i), value(i + 1)];
  return [0, 1, 2].map((k) => (a[k] as number) + ((b[k] as number) - (a[k] as number)) * f) as Vec3;
}

/** The nearest ancestor that is one of the file's nodes (not a helper, not a node above the file's tree). */
function fileParent(node: Node, fileNodes: Set<Node>): Node | null {
  for (let parent = node.getParentNode(); parent; parent = parent.getParentNode()) {
    if (fileNodes.has(parent)) return parent;
  }
  return null;
}

/**
 * Makes the glTF nodes of the FBX Models with InheritType eInheritRrs keep out their parent's scale, as the file
 * means: rest pose and every animation that scales the chain above them. Exact for uniform scales (what the
 * writers that use it produce); returns how many nodes were changed.
 */
export function applyRrsInheritance(doc: Document, rrsNames: Set<string>): number {
  if (rrsNames.size === 0) return 0;
  const root = doc.getRoot();
  const byName = new Map<string, Node[]>();
  for (const node of root.listNodes()) byName.set(node.getName(), [...(byName.get(node.getName()) ?? []), node]);
  const fileNodes = new Set(root.listNodes().filter((node) => !node.getName().includes(HELPER)));
  const rrs = [...rrsNames].flatMap((name) => (byName.get(name)?.length === 1 ? (byName.get(name) as Node[]) : []));
  if (rrs.length === 0) return 0;
  const rrsSet = new Set(rrs);

  /** The scale each node stands at in the file's own terms, given each node's own scale. */
  const globalScale = (node: Node | null, own: (node: Node) => Vec3): Vec3 => {
    if (!node) return [1, 1, 1];
    const local = own(node);
    if (rrsSet.has(node)) return local;
    const above = globalScale(fileParent(node, fileNodes), own);
    return [0, 1, 2].map((k) => (local[k] as number) * (above[k] as number)) as Vec3;
  };
  // A parent scaled to nothing leaves the node's own scale (its children vanish with the parent anyway).
  const divided = (a: Vec3, b: Vec3) =>
    [0, 1, 2].map((k) => (a[k] as number) / ((b[k] as number) === 0 ? 1 : (b[k] as number))) as Vec3;

  // Every animation first, while the nodes still hold the file's own rest scales.
  const restScales = new Map(root.listNodes().map((node) => [node, node.getScale()]));
  const restOwn = (node: Node) => restScales.get(node) as Vec3;
  const changed = new Set<Node>();
  for (const animation of root.listAnimations()) {
    const scaleChannels = new Map<Node, AnimationChannel>();
    for (const channel of animation.listChannels()) {
      const target = channel.getTargetNode();
      if (target && channel.getTargetPath() === 'scale') scaleChannels.set(target, channel);
    }
    if (scaleChannels.size === 0) continue;
    // Every curve is computed from the file's own scales before any channel is replaced.
    const own = (t: number) => (node: Node) => scaleAt(node, scaleChannels.get(node), t);
    const curves: { node: Node; times: number[]; values: number[] }[] = [];
    for (const node of rrs) {
      const chain: Node[] = [];
      for (let p = fileParent(node, fileNodes); p; p = rrsSet.has(p) ? null : fileParent(p, fileNodes)) chain.push(p);
      const moving = [node, ...chain].filter((n) => scaleChannels.has(n));
      if (moving.length === 0) continue;
      const keys = new Set<number>();
      for (const n of moving) {
        for (const t of scaleChannels.get(n)?.getSampler()?.getInput()?.getArray() ?? []) keys.add(t);
      }
      const parent = fileParent(node, fileNodes);
      const at = (t: number) => divided(own(t)(node), globalScale(parent, own(t)));
      const times = refine(
        [...keys].sort((a, b) => a - b),
        at,
      );
      const unscaled = times.every((t) => globalScale(parent, own(t)).every((v) => Math.abs(v - 1) < 1e-9));
      if (!unscaled) curves.push({ node, times, values: times.flatMap(at) });
    }
    const buffer = root.listBuffers()[0] ?? doc.createBuffer();
    for (const { node, times, values } of curves) {
      const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array(times)).setBuffer(buffer);
      const output = doc.createAccessor().setType('VEC3').setArray(new Float32Array(values)).setBuffer(buffer);
      const next = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR');
      animation.addSampler(next);
      const existing = scaleChannels.get(node);
      if (existing) {
        const replaced = existing.getSampler();
        existing.setSampler(next);
        if (replaced && !animation.listChannels().some((channel) => channel.getSampler() === replaced)) {
          replaced.dispose();
        }
      } else {
        animation.addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('scale').setSampler(next));
      }
      changed.add(node);
    }
  }
  for (const node of rrs) {
    const parentScale = globalScale(fileParent(node, fileNodes), restOwn);
    if (parentScale.every((s) => Math.abs(s - 1) < 1e-9)) continue;
    node.setScale(divided(restOwn(node), parentScale));
    changed.add(node);
  }
  return changed.size;
}

/** Adds times between keys until the curve `at` is within `RATIO_TOLERANCE` of the straight line between them. */
function refine(keys: number[], at: (t: number) => Vec3): number[] {
  const times: number[] = [];
  const split = (t0: number, t1: number, depth: number) => {
    const mid = (t0 + t1) / 2;
    const [a, b, m] = [at(t0), at(t1), at(mid)];
    const off = Math.max(
      ...[0, 1, 2].map((k) => Math.abs((m[k] as number) - ((a[k] as number) + (b[k] as number)) / 2)),
    );
    if (depth < MAX_DEPTH && off > RATIO_TOLERANCE) {
      split(t0, mid, depth + 1);
      times.push(mid);
      split(mid, t1, depth + 1);
    }
  };
  for (const [i, t] of keys.entries()) {
    if (i > 0) split(keys[i - 1] as number, t, 0);
    times.push(t);
  }
  return times;
}
