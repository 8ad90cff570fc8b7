import type { Document, Node } from '@gltf-transform/core';

/**
 * A file without any mesh (a skeleton and its animation, as rigs and motion clips are exported) is kept when it
 * animates something: its nodes and animations are what it carries. Without animation there is nothing to keep
 * (an empty OBJ, a bare hierarchy of empty nodes). Decision 0041.
 */
export interface MeshlessContent {
  nodes: number;
  animations: number;
}

/** What a document without drawn geometry holds worth keeping, or null when it holds nothing. */
export function meshlessContent(doc: Document): MeshlessContent | null {
  const root = doc.getRoot();
  const animations = root.listAnimations().filter((animation) => animation.listChannels().length > 0);
  if (animations.length === 0) return null;
  return { nodes: root.listNodes().length, animations: animations.length };
}

/**
 * The nodes that stand for the figure a meshless file carries: its skins' joints and animated nodes, and every node
 * below them (a chain's unanimated end joint); not the containers above them (the file's root, the placement).
 */
function figureNodes(doc: Document): Set<Node> {
  const root = doc.getRoot();
  const starts = root.listSkins().flatMap((skin) => skin.listJoints());
  for (const animation of root.listAnimations()) {
    for (const channel of animation.listChannels()) {
      const target = channel.getTargetNode();
      if (target) starts.push(target);
    }
  }
  const nodes = new Set<Node>();
  for (const start of starts) start.traverse((node) => nodes.add(node));
  return nodes;
}

/**
 * World-space bounds of a meshless scene's joints and animated nodes (their origins), at the pose the nodes are stored in (the
 * default scene's nodes, their placement included): the size of the skeleton, in metres.
 */
export function jointBounds(doc: Document): { min: [number, number, number]; max: [number, number, number] } | null {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) return null;
  const wanted = figureNodes(doc);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const child of scene.listChildren()) {
    child.traverse((node) => {
      if (!wanted.has(node)) return;
      const position = node.getWorldTranslation();
      for (let axis = 0; axis < 3; axis++) {
        min[axis] = Math.min(min[axis] as number, position[axis] as number);
        max[axis] = Math.max(max[axis] as number, position[axis] as number);
      }
    });
  }
  return [...min, ...max].every(Number.isFinite) ? { min, max } : null;
}
