import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { colladaOpacities } from './collada-opacity.ts';
import { runConversion } from './conversion-pipeline.ts';
import { gltfIO } from './gltf-io.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'collada-opacity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Collada document with one material per effect body given, named m0, m1, … */
function collada(tool: string, effects: string[]): string {
  return [
    `<COLLADA><asset><contributor><authoring_tool>${tool}</authoring_tool></contributor></asset>`,
    '<library_materials>',
    ...effects.map((_, i) => `<material id="m${i}-id" name="m${i}"><instance_effect url="#e${i}"/></material>`),
    '</library_materials><library_effects>',
    ...effects.map(
      (body, i) =>
        `<effect id="e${i}"><profile_COMMON><technique><phong>${body}</phong></technique></profile_COMMON></effect>`,
    ),
    '</library_effects></COLLADA>',
  ].join('\n');
}

const transparency = (value: string, transparent = '') =>
  `${transparent}<transparency><float sid="transparency">${value}</float></transparency>`;

describe('Collada opacity: what the file means', () => {
  it('reads the specification’s opaque modes, decimal commas included', () => {
    const opacities = colladaOpacities(
      collada('Blender 2.79', [
        transparency('0.25'),
        transparency('0,5', '<transparent opaque="A_ONE"><color>1 1 1 0,5</color></transparent>'),
        transparency('1', '<transparent opaque="RGB_ZERO"><color>0.2 0.2 0.2 1</color></transparent>'),
        transparency('0.3', '<transparent opaque="A_ZERO"><color>1 1 1 1</color></transparent>'),
        '<diffuse><color>1 0 0 1</color></diffuse>',
      ]),
    );
    expect(opacities.get('m0')?.opacity).toBeCloseTo(0.25);
    expect(opacities.get('m1-id')?.opacity).toBeCloseTo(0.25);
    expect(opacities.get('m2')?.opacity).toBeCloseTo(0.8);
    expect(opacities.get('m3')?.opacity).toBeCloseTo(0.7);
    expect(opacities.get('m0')?.reason).toBeNull();
    expect(opacities.has('m4')).toBe(false);
  });

  it('reads 0 as opaque from the FBX COLLADA exporter, and where the specification’s reading draws nothing', () => {
    const fbx = colladaOpacities(collada('FBX COLLADA exporter', [transparency('0,000000'), transparency('0,2')]));
    expect(fbx.get('m0')?.opacity).toBe(1);
    expect(fbx.get('m1')?.opacity).toBeCloseTo(0.8);
    expect(fbx.get('m1')?.reason).toContain('FBX COLLADA exporter');
    const other = colladaOpacities(collada('Some tool', [transparency('0')]));
    expect(other.get('m0')).toMatchObject({ opacity: 1, reason: expect.stringContaining('invisible') });
  });

  it.skipIf(!HAVE_SAMPLES)(
    'draws Collada/teapots.DAE: its materials opaque but the one at 20 % transparency',
    async () => {
      const workDir = path.join(dir, 'teapots');
      mkdirSync(workDir);
      const outputPath = path.join(workDir, 'out.glb');
      const warnings: string[] = [];
      await runConversion(
        { filePath: sample('Collada/teapots.DAE'), fileName: 'teapots.DAE', workDir, outputPath },
        (r) => warnings.push(...r.warnings),
      );
      const doc = await (await gltfIO()).read(outputPath);
      const materials = Object.fromEntries(
        doc
          .getRoot()
          .listMaterials()
          .map((m) => [m.getName(), { alpha: m.getBaseColorFactor()[3], mode: m.getAlphaMode() }]),
      );
      expect(materials).toEqual({
        _01___Default: { alpha: 1, mode: 'OPAQUE' },
        _07___Default: { alpha: 1, mode: 'OPAQUE' },
        _08___Default: { alpha: expect.closeTo(0.8, 3), mode: 'BLEND' },
      });
      expect(warnings.filter((w) => w.includes('read with 0 as opaque'))).toHaveLength(3);
    },
  );
});
