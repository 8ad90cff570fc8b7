import { type Accessor, Document, type Primitive } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { type Compress, compressChecked, compressDocument } from './compress-step.ts';
import { ConversionError } from './conversion-types.ts';
import { guardPrimitive, shapeProblem } from './geometry-guard.ts';
import { localShape, measureShapes } from './geometry-shape.ts';

/** Two meshes of a 10 × 10 grid each, side by side, with a morph target on the second. */
function twoMeshes() {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  for (const [m, name] of ['kept', 'victim'].entries()) {
    const positions: number[] = [];
    const indices: number[] = [];
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 10; x++) positions.push(x / 9, y / 9, Math.sin(x + y) * 0.1);
    }
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 9; x++) {
        const i = y * 10 + x;
        indices.push(i, i + 1, i + 10, i + 1, i + 11, i + 10);
      }
    }
    const accessor = (array: Float32Array | Uint16Array, type: 'VEC3' | 'SCALAR') =>
      doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(new Float32Array(positions), 'VEC3'))
      .setIndices(accessor(new Uint16Array(indices), 'SCALAR'));
    if (m === 1) {
      const offsets = new Float32Array(positions.length).map((_, i) => (i % 3 === 2 ? 0.2 : 0));
      prim.addTarget(doc.createPrimitiveTarget().setAttribute('POSITION', accessor(offsets, 'VEC3')));
    }
    scene.addChild(
      doc
        .createNode(name)
        .setMesh(doc.createMesh(name).addPrimitive(prim))
        .setTranslation([m * 2, 0, 0]),
    );
  }
  return doc;
}

/** Moves every vertex of `victim` to one point (what quantizing integer positions once did). */
function collapse(doc: Document) {
  const mesh = doc
    .getRoot()
    .listMeshes()
    .find((m) => m.getName() === 'victim');
  const position = mesh?.listPrimitives()[0]?.getAttribute('POSITION') as Accessor;
  position.setArray(new Float32Array(position.getCount() * 3).fill(0.5));
}

const collapsingVictim: Compress = async (doc, keep) => {
  await compressDocument(doc, keep);
  if (![...keep].some((m) => m.getName() === 'victim')) collapse(doc);
};

const positionType = (doc: Document, name: string) =>
  doc
    .getRoot()
    .listMeshes()
    .find((m) => m.getName() === name)
    ?.listPrimitives()[0]
    ?.getAttribute('POSITION')
    ?.getComponentType();

describe('compressChecked', () => {
  it('compresses a sound document with every mesh quantized and alike', async () => {
    const doc = twoMeshes();
    const before = measureShapes(doc);
    const { decoded, warnings } = await compressChecked(doc);
    expect(warnings).toEqual([]);
    expect(positionType(decoded, 'kept')).not.toBe(5126);
    const after = measureShapes(decoded);
    for (const [m, shapes] of before.entries()) {
      for (const [p, shape] of shapes.entries())
        expect(shapeProblem(shape, after[m]?.[p], 1, { keepsVertices: true })).toBeNull();
    }
  });

  it('undoes compression for the mesh it damaged, with a warning, and keeps it whole', async () => {
    const doc = twoMeshes();
    const before = measureShapes(doc);
    const { decoded, warnings } = await compressChecked(doc, collapsingVictim);
    expect(warnings).toEqual([expect.stringMatching(/^Compressing mesh victim would have damaged it \(it collapsed/)]);
    const after = measureShapes(decoded);
    expect(shapeProblem(before[1]?.[0] as never, after[1]?.[0], 1, { keepsVertices: true })).toBeNull();
    expect(after[1]?.[0]?.targets).toEqual(before[1]?.[0]?.targets);
    // The victim keeps its float positions; the other mesh is still quantized.
    expect(positionType(decoded, 'victim')).toBe(5126);
    expect(positionType(decoded, 'kept')).not.toBe(5126);
  });

  it('fails the conversion when the geometry cannot be kept whole', async () => {
    const always: Compress = async (doc, keep) => {
      await compressDocument(doc, keep);
      collapse(doc);
    };
    const failure = compressChecked(twoMeshes(), always);
    await expect(failure).rejects.toBeInstanceOf(ConversionError);
    await expect(failure).rejects.toThrow(/^Optimising damaged the geometry of mesh victim: it collapsed/);
  });
});

describe('guardPrimitive', () => {
  const firstPrimitive = (doc: Document) => doc.getRoot().listMeshes()[0]?.listPrimitives()[0] as Primitive;

  it('puts back the input of a step that moved a primitive, and says why', () => {
    const doc = twoMeshes();
    const prim = firstPrimitive(doc);
    const before = localShape(prim);
    const problem = guardPrimitive(prim, { keepsVertices: false }, (p) => {
      const moved = (p.getAttribute('POSITION') as Accessor).clone();
      moved.setArray((moved.getArray() as Float32Array).map((v) => v + 0.5));
      p.setAttribute('POSITION', moved);
    });
    expect(problem).toMatch(/^it moved or changed size/);
    expect(localShape(prim)).toEqual(before);
  });

  it('keeps what a faithful step did', () => {
    const doc = twoMeshes();
    const prim = firstPrimitive(doc);
    const problem = guardPrimitive(prim, { keepsVertices: false }, (p) => {
      const indices = p.getIndices() as Accessor;
      p.setIndices(indices.clone().setArray(new Uint32Array(indices.getArray() as Uint16Array)));
    });
    expect(problem).toBeNull();
    expect(prim.getIndices()?.getArray()).toBeInstanceOf(Uint32Array);
  });
});
