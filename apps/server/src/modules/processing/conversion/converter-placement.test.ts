import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { Converter } from './converter.ts';
import { writeBoxFbx } from './fbx-ascii.test-support.ts';
import { readFbxGlobalSettings } from './fbx-global-settings.ts';
import { gltfIO } from './gltf-io.ts';
import type { PlacementChoice } from './scene-placement.ts';

/** Issue 26, classes 5 and 6: the output is in metres and Y up, whatever the file's units and axes. */

const dir = mkdtempSync(path.join(tmpdir(), 'converter-placement-'));
let n = 0;
const converter = new Converter();

afterAll(async () => {
  await converter.close();
  rmSync(dir, { recursive: true, force: true });
});

async function convert(filePath: string, placement?: PlacementChoice) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const outputPath = path.join(workDir, 'out.glb');
  const fileName = path.basename(filePath);
  const result = await converter.convert({ filePath, fileName, workDir, outputPath, placement }, () => {});
  return { result, outputPath };
}

type Vec3 = [number, number, number];

const size = (bounds: { min: Vec3; max: Vec3 } | null): Vec3 => {
  if (!bounds) throw new Error('no bounds');
  return [bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]];
};

function expectSize(bounds: { min: Vec3; max: Vec3 } | null, expected: Vec3) {
  size(bounds).forEach((v, axis) => {
    const e = expected[axis] as number;
    expect(Math.abs(v - e) / e, `axis ${axis}: ${v} for ${e}`).toBeLessThan(5e-4);
  });
}

/** World bounds of the meshes named `name`, wherever nodes draw them. */
function nodeBounds(doc: Document, name: string): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh || mesh.getName() !== name) continue;
    const m = node.getWorldMatrix();
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute('POSITION');
      if (!position) continue;
      const v: Vec3 = [0, 0, 0];
      for (let i = 0; i < position.getCount(); i++) {
        const [x, y, z] = position.getElement(i, v) as Vec3;
        const world: Vec3 = [
          m[0] * x + m[4] * y + m[8] * z + m[12],
          m[1] * x + m[5] * y + m[9] * z + m[13],
          m[2] * x + m[6] * y + m[10] * z + m[14],
        ];
        world.forEach((w, axis) => {
          min[axis] = Math.min(min[axis] as number, w);
          max[axis] = Math.max(max[axis] as number, w);
        });
      }
    }
  }
  return { min, max };
}

describe('Converter: real size and upright', () => {
  it('reads an FBX in centimetres as metres: a 180 cm figure is 1.8 m tall', async () => {
    const file = path.join(dir, 'figure-cm.fbx');
    writeBoxFbx(file, { size: [40, 180, 30], unitScaleFactor: 1, upAxis: 1 });
    const { result } = await convert(file);
    // The output's bounds are measured on its quantised positions: within 0.05 %.
    expectSize(result.figures.bounds, [0.4, 1.8, 0.3]);
    expect(result.figures.placement).toEqual({ units: 'cm', metres_per_unit: 0.01, up_axis: 'y', from: 'file' });
  });

  it('stands a Z-up FBX in inches up: its Z extent becomes its height along Y', async () => {
    const file = path.join(dir, 'cabinet-in.fbx');
    writeBoxFbx(file, { size: [20, 10, 40], unitScaleFactor: 2.54, upAxis: 2 });
    const { result } = await convert(file);
    expectSize(result.figures.bounds, [20 * 0.0254, 40 * 0.0254, 10 * 0.0254]);
  });

  it('reads an FBX in millimetres as metres', async () => {
    const file = path.join(dir, 'part-mm.fbx');
    writeBoxFbx(file, { size: [20, 10, 40], unitScaleFactor: 0.1, upAxis: 1 });
    const { result } = await convert(file);
    expectSize(result.figures.bounds, [0.02, 0.01, 0.04]);
  });

  it('places an OBJ as the record says (centimetres, Z up); metres and Y up by default', async () => {
    const file = path.join(dir, 'column.obj');
    const corners = [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].map((z) => `v ${x * 30} ${y * 20} ${z * 200}`)));
    const faces = ['f 1 2 4 3', 'f 5 7 8 6', 'f 1 5 6 2', 'f 3 4 8 7', 'f 1 3 7 5', 'f 2 6 8 4'];
    writeFileSync(file, `${corners.join('\n')}\n${faces.join('\n')}\n`);
    const asSet = await convert(file, { units: 'cm', upAxis: 'z' });
    expectSize(asSet.result.figures.bounds, [0.3, 2, 0.2]);
    expect(asSet.result.figures.placement).toEqual({
      units: 'cm',
      metres_per_unit: 0.01,
      up_axis: 'z',
      from: 'record',
    });
    const byDefault = await convert(file);
    expectSize(byDefault.result.figures.bounds, [30, 20, 200]);
    expect(byDefault.result.figures.placement.from).toBe('format');
  });
});

describe.skipIf(!HAVE_SAMPLES)('Converter: real size and upright, on the sample files', () => {
  it('reads the FBX settings of binary and ASCII files', async () => {
    const zUp = await readFbxGlobalSettings(sample('real-world/FBX-z-up/blender_340_z_up_7400_binary.fbx'));
    expect(zUp).toMatchObject({ unitScaleFactor: 1, upAxis: 2, frontAxis: 1, frontAxisSign: -1, coordAxis: 0 });
    const maya = await readFbxGlobalSettings(
      sample('real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx'),
    );
    expect(maya).toMatchObject({ unitScaleFactor: 1, upAxis: 1, frontAxis: 2, coordAxis: 0 });
  });

  it('stands the Z-up Blender FBX up: its cube where the same scene as OBJ (Y up) has it, in metres', async () => {
    const fbx = await convert(sample('real-world/FBX-z-up/blender_340_z_up_7400_binary.fbx'));
    const obj = await convert(sample('real-world/FBX-z-up/blender_340_z_up.obj'));
    const io = await gltfIO();
    const fromFbx = nodeBounds(await io.read(fbx.outputPath), 'Cube');
    const fromObj = obj.result.figures.bounds;
    if (!fromObj) throw new Error('no bounds');
    for (let axis = 0; axis < 3; axis++) {
      expect(fromFbx.min[axis]).toBeCloseTo(fromObj.min[axis] as number, 2);
      expect(fromFbx.max[axis]).toBeCloseTo(fromObj.max[axis] as number, 2);
    }
    expect(fbx.result.figures.placement).toMatchObject({ up_axis: 'z', from: 'file' });
  });

  it('places an STL in millimetres and Z up unless the record says otherwise', async () => {
    const byDefault = await convert(sample('STL/Spider_binary.stl'));
    const asSet = await convert(sample('STL/Spider_binary.stl'), { units: 'm', upAxis: 'y' });
    const [sw, sh, sd] = size(asSet.result.figures.bounds);
    expect(byDefault.result.figures.placement).toEqual({
      units: 'mm',
      metres_per_unit: 0.001,
      up_axis: 'z',
      from: 'format',
    });
    expect(asSet.result.figures.placement).toEqual({ units: 'm', metres_per_unit: 1, up_axis: 'y', from: 'record' });
    expectSize(byDefault.result.figures.bounds, [sw * 0.001, sd * 0.001, sh * 0.001]);
  });

  it('keeps Collada as assimp places it by its <unit> and <up_axis> (teapots: centimetres, Z up)', async () => {
    const { result } = await convert(sample('Collada/teapots.DAE'));
    const [, height] = size(result.figures.bounds);
    expect(height).toBeLessThan(1);
    expect(result.figures.bounds?.min[1]).toBeCloseTo(0, 3);
  });
});
