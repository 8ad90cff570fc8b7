import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { gltfIO } from './gltf-io.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'meshless-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

async function convert(filePath: string, fileName = path.basename(filePath)) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const outputPath = path.join(workDir, 'out.glb');
  const warnings: string[] = [];
  const messages: string[] = [];
  const result = await runConversion({ filePath, fileName, workDir, outputPath }, (r) => {
    messages.push(r.message);
    warnings.push(...r.warnings);
  });
  return { result, warnings, messages, doc: await (await gltfIO()).read(outputPath) };
}

/** A glTF of two nodes, the child animated (translation, two keys) when `animated`; no mesh. */
function nodesOnly(animated: boolean): string {
  const times = new Float32Array([0, 1]);
  const moves = new Float32Array([0, 1, 0, 0, 2, 0]);
  const bytes = Buffer.concat([Buffer.from(times.buffer), Buffer.from(moves.buffer)]);
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: 'hips', children: [1] },
      { name: 'spine', translation: [0, 1, 0] },
    ],
    ...(animated && {
      buffers: [{ byteLength: bytes.length, uri: `data:application/octet-stream;base64,${bytes.toString('base64')}` }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 8 },
        { buffer: 0, byteOffset: 8, byteLength: 24 },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
        { bufferView: 1, componentType: 5126, count: 2, type: 'VEC3' },
      ],
      animations: [
        {
          name: 'rise',
          samplers: [{ input: 0, output: 1 }],
          channels: [{ sampler: 0, target: { node: 1, path: 'translation' } }],
        },
      ],
    }),
  };
  return JSON.stringify(gltf);
}

describe('a file without a mesh (decision 0041)', () => {
  it('keeps nodes and their animation, warns that nothing is drawn, and measures the joints', async () => {
    const file = path.join(dir, 'rig.gltf');
    writeFileSync(file, nodesOnly(true));
    const { result, warnings, messages, doc } = await convert(file);
    expect(warnings).toContain('The file holds no mesh, so nothing is drawn: its nodes and animations are kept');
    expect(messages[1]).toMatch(/^Read no mesh, 2 nodes and 1 animation/);
    expect(messages[2]).toMatch(/no mesh$/);
    expect(result.figures).toMatchObject({ triangles: 0, points: 0, meshes: 0, validatorErrors: 0 });
    expect(result.figures.bounds).toEqual({ min: [0, 1, 0], max: [0, 1, 0] });
    expect(doc.getRoot().listAnimations()[0]?.listChannels()[0]?.getTargetNode()?.getName()).toBe('spine');
  });

  it('still refuses a file with nothing to keep: nodes without a mesh or an animation', async () => {
    const file = path.join(dir, 'empty-nodes.gltf');
    writeFileSync(file, nodesOnly(false));
    await expect(convert(file)).rejects.toThrow('The file contains no geometry: no triangles and no points');
  });

  it.skipIf(!HAVE_SAMPLES)('converts the Maya skeleton (cm, 4 joints, animated) into metres', async () => {
    const { result, warnings, doc } = await convert(
      sample('real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx'),
    );
    expect(warnings).toContain('The file holds no mesh, so nothing is drawn: its nodes and animations are kept');
    const names = doc
      .getRoot()
      .listNodes()
      .map((node) => node.getName());
    expect(names).toEqual(expect.arrayContaining(['joint1', 'joint2', 'joint3', 'joint4']));
    const [animation] = doc.getRoot().listAnimations();
    expect(animation?.listChannels().length).toBeGreaterThanOrEqual(9);
    expect(result.figures.placement).toMatchObject({ units: 'cm', metres_per_unit: 0.01 });
    expect(result.figures.validatorErrors).toBe(0);
    // Joints 4 cm apart along the file's X, joint1 turned to Y: a chain standing a fraction of a metre tall.
    const bounds = result.figures.bounds;
    expect(bounds?.min[1]).toBeCloseTo(0, 6);
    expect(bounds?.max[1]).toBeGreaterThan(0.12);
    expect(bounds?.max[1]).toBeLessThan(0.25);
  });
});
