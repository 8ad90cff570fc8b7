import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { FileIndex } from './file-index.ts';
import { gltfIO } from './gltf-io.ts';
import { importObj } from './obj-import.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'obj-colours-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(filePath: string) {
  const name = path.basename(filePath);
  const warnings: string[] = [];
  const doc = await importObj(
    filePath,
    name,
    new FileIndex([{ name, filePath, size: statSync(filePath).size }]),
    warnings,
  );
  return { doc, warnings };
}

function write(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** Each drawn vertex's position and colour, in the order of the primitives. */
function colouredVertices(doc: Document) {
  const out: { position: number[]; colour: number[] | null }[] = [];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute('POSITION');
      const colour = prim.getAttribute('COLOR_0');
      for (let i = 0; i < (position?.getCount() ?? 0); i++) {
        out.push({
          position: position?.getElement(i, []) ?? [],
          colour: colour ? colour.getElement(i, []) : null,
        });
      }
    }
  }
  return out;
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

describe('OBJ vertex colours (v x y z r g b)', () => {
  it('keeps them as COLOR_0, linear, on a white material so they show as they are', async () => {
    const file = write(
      'tri.obj',
      ['v 0 0 0 1 0 0', 'v 1 0 0 0 1 0', 'v 0 1 0 0.5 0.5 0.5 # grey', 'f 1 2 3'].join('\n'),
    );
    const { doc } = await read(file);
    const vertices = colouredVertices(doc);
    expect(vertices).toHaveLength(3);
    const byX = (x: number, y: number) => vertices.find((v) => v.position[0] === x && v.position[1] === y)?.colour;
    expect(byX(0, 0)).toEqual([1, 0, 0]);
    expect(byX(1, 0)).toEqual([0, 1, 0]);
    for (const c of byX(0, 1) ?? []) expect(c).toBeCloseTo(srgbToLinear(0.5), 5);
    const material = doc.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getMaterial();
    expect(material?.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
  });

  it('gives white to the vertices without a colour when only some have one, and 0–255 values are scaled', async () => {
    const file = write('part.obj', ['v 0 0 0', 'v 1 0 0 255 0 0', 'v 0 1 0', 'v 1 1 0 1.0', 'f 1 2 3 4'].join('\n'));
    const vertices = colouredVertices((await read(file)).doc);
    const colourAt = (x: number, y: number) => vertices.find((v) => v.position[0] === x && v.position[1] === y)?.colour;
    expect(colourAt(0, 0)).toEqual([1, 1, 1]);
    expect(colourAt(1, 0)).toEqual([1, 0, 0]);
    expect(colourAt(0, 1)).toEqual([1, 1, 1]);
    // `v x y z w`: w is not a colour.
    expect(colourAt(1, 1)).toEqual([1, 1, 1]);
  });

  it('adds no colour to a file without any, and keeps a point cloud’s colours', async () => {
    const plain = await read(write('plain.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    expect(colouredVertices(plain.doc).every((v) => v.colour === null)).toBe(true);
    expect(plain.doc.getRoot().listMaterials()[0]?.getBaseColorFactor()).toEqual([0.8, 0.8, 0.8, 1]);
    const cloud = await read(write('cloud.obj', 'v 0 0 0 0 0 1\nv 1 0 0 0 0 1\n'));
    expect(colouredVertices(cloud.doc).map((v) => v.colour)).toEqual([
      [0, 0, 1],
      [0, 0, 1],
    ]);
  });

  describe.skipIf(!HAVE_SAMPLES)('on the real-world samples', () => {
    it('reads cube_with_vertexcolors_uni.obj and only_a_part_of_vertexcolors.obj with their colours', async () => {
      const whole = colouredVertices(
        (await read(sample('real-world/OBJ-vertex-colors/cube_with_vertexcolors_uni.obj'))).doc,
      );
      expect(whole.length).toBeGreaterThan(0);
      expect(whole.every((v) => v.colour !== null)).toBe(true);
      // The file's (1.0, 0.6, 0.3) corner.
      expect(whole.some((v) => v.colour?.[0] === 1 && Math.abs((v.colour?.[1] ?? 0) - srgbToLinear(0.6)) < 1e-5)).toBe(
        true,
      );
      const part = colouredVertices(
        (await read(sample('real-world/OBJ-vertex-colors/only_a_part_of_vertexcolors.obj'))).doc,
      );
      const colours = part.map((v) => v.colour?.join(','));
      expect(colours).toContain('1,1,1');
      expect(colours).toContain('0,0,1');
    });

    it('publishes them: the GLB has COLOR_0 on a white material', async () => {
      const workDir = path.join(dir, 'work');
      mkdirSync(workDir);
      const outputPath = path.join(workDir, 'out.glb');
      const filePath = sample('real-world/OBJ-vertex-colors/cube_with_vertexcolors_uni.obj');
      await runConversion({ filePath, fileName: path.basename(filePath), workDir, outputPath }, () => {});
      const out = await (await gltfIO()).read(outputPath);
      const prims = out
        .getRoot()
        .listMeshes()
        .flatMap((mesh) => mesh.listPrimitives());
      expect(prims.length).toBeGreaterThan(0);
      for (const prim of prims) {
        expect(prim.getAttribute('COLOR_0')).not.toBeNull();
        expect(prim.getMaterial()?.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
      }
    });
  });
});
