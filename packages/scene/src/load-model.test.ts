import { Document, NodeIO } from '@gltf-transform/core';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { collectMaterialSlots, loadGlb, loadGlbWithSlots } from './load-model.ts';

/**
 * A table as a GLB without textures: material 0 (oak) on both legs (one mesh used by two nodes) and on the top's
 * first primitive, which has vertex colours and no normals (GLTFLoader draws a copy of the material there);
 * material 1 (steel) on the top's second primitive; a plinth with no material at all.
 */
async function tableGlb(): Promise<ArrayBuffer> {
  const document = new Document();
  const buffer = document.createBuffer();
  const triangle = () =>
    document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
  const normals = () =>
    document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]))
      .setBuffer(buffer);
  const oak = document.createMaterial('oak').setBaseColorFactor([0.6, 0.4, 0.2, 1]);
  const steel = document.createMaterial('steel').setMetallicFactor(1);

  const leg = document
    .createMesh('leg')
    .addPrimitive(
      document
        .createPrimitive()
        .setAttribute('POSITION', triangle())
        .setAttribute('NORMAL', normals())
        .setMaterial(oak),
    );
  const colours = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]))
    .setBuffer(buffer);
  const top = document
    .createMesh('top')
    .addPrimitive(
      document.createPrimitive().setAttribute('POSITION', triangle()).setAttribute('COLOR_0', colours).setMaterial(oak),
    )
    .addPrimitive(
      document
        .createPrimitive()
        .setAttribute('POSITION', triangle())
        .setAttribute('NORMAL', normals())
        .setMaterial(steel),
    );
  const plinth = document
    .createMesh('plinth')
    .addPrimitive(document.createPrimitive().setAttribute('POSITION', triangle()).setAttribute('NORMAL', normals()));

  const table = document.createNode('table');
  table.addChild(document.createNode('leg-left').setMesh(leg).setTranslation([-1, 0, 0]));
  table.addChild(document.createNode('leg-right').setMesh(leg).setTranslation([1, 0, 0]));
  table.addChild(document.createNode('top').setMesh(top));
  table.addChild(document.createNode('plinth').setMesh(plinth));
  document.createScene('scene').addChild(table);

  const bytes = await new NodeIO().writeBinary(document);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

/** The table's part (its child node) that holds `object`. */
function partOf(object: THREE.Object3D): string {
  let part = object;
  while (part.parent && part.parent.name !== 'table') part = part.parent;
  return part.name;
}

/** Each mesh of a slot by the table's part that holds it, and its material's name. */
const described = (targets: readonly { mesh: THREE.Mesh; position: number | null }[] | undefined) =>
  (targets ?? []).map(({ mesh, position }) => ({
    node: partOf(mesh),
    position,
    material: (mesh.material as THREE.Material).name,
  }));

describe('loadGlbWithSlots', () => {
  it('finds every mesh that draws each of the file’s materials, also where three draws a copy', async () => {
    const { root, slots } = await loadGlbWithSlots(await tableGlb());
    expect([...slots.keys()].sort()).toEqual([0, 1]);

    const oak = slots.get(0) ?? [];
    expect(oak).toHaveLength(3);
    expect(described(oak)).toEqual([
      { node: 'leg-left', position: null, material: 'oak' },
      { node: 'leg-right', position: null, material: 'oak' },
      { node: 'top', position: null, material: 'oak' },
    ]);
    // The legs share one material; the top's is GLTFLoader's copy for its vertex colours and missing normals.
    const [left, right, topPart] = oak.map(({ mesh }) => mesh.material as THREE.MeshStandardMaterial);
    expect(left).toBe(right);
    expect(topPart).not.toBe(left);
    expect(topPart?.vertexColors).toBe(true);

    expect(described(slots.get(1))).toEqual([{ node: 'top', position: null, material: 'steel' }]);

    // Every mesh but the plinth (no material: three's default) is in a slot, each once.
    const meshes: THREE.Mesh[] = [];
    root.traverse((node) => {
      if (node instanceof THREE.Mesh) meshes.push(node);
    });
    const slotted = [...slots.values()].flat().map(({ mesh }) => mesh);
    expect(new Set(slotted).size).toBe(slotted.length);
    expect(meshes.filter((mesh) => !slotted.includes(mesh)).map((mesh) => mesh.name)).toEqual(['plinth']);
  });

  it('leaves loadGlb as it was: the same tree, without the slots', async () => {
    const root = await loadGlb(await tableGlb());
    expect(root).toBeInstanceOf(THREE.Object3D);
    expect(root.getObjectByName('table')).toBeDefined();
    const sides = new Set<THREE.Side>();
    root.traverse((node) => {
      if (node instanceof THREE.Mesh) sides.add((node.material as THREE.Material).side);
    });
    expect([...sides]).toEqual([THREE.DoubleSide]);
  });
});

describe('collectMaterialSlots', () => {
  it('gives the position of each slot in a mesh with a material array', () => {
    const a = new THREE.MeshStandardMaterial();
    const b = new THREE.MeshStandardMaterial();
    const unknown = new THREE.MeshStandardMaterial();
    const multi = new THREE.Mesh(new THREE.BufferGeometry(), [a, unknown, b, a]);
    const single = new THREE.Mesh(new THREE.BufferGeometry(), b);
    const points = new THREE.Points(new THREE.BufferGeometry(), new THREE.PointsMaterial());
    const root = new THREE.Group().add(multi, single, points);
    const index = new Map<THREE.Material, number>([
      [a, 0],
      [b, 1],
      [points.material, 2],
    ]);
    const slots = collectMaterialSlots(root, (material) => index.get(material));
    expect(slots.get(0)).toEqual([
      { mesh: multi, position: 0 },
      { mesh: multi, position: 3 },
    ]);
    expect(slots.get(1)).toEqual([
      { mesh: multi, position: 2 },
      { mesh: single, position: null },
    ]);
    expect(slots.has(2)).toBe(false);
  });
});
