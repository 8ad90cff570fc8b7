import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document, type Node } from '@gltf-transform/core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { applyRrsInheritance, readRrsModels } from './fbx-inherit-type.ts';
import { gltfIO } from './gltf-io.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fbx-inherit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A chain root → a (scale 2) → b (InheritType Rrs) → c, 4 units apart along X. */
function chain() {
  const doc = new Document();
  doc.createBuffer();
  const [a, b, c] = ['a', 'b', 'c'].map((name) => doc.createNode(name)) as [Node, Node, Node];
  a.setScale([2, 2, 2]).addChild(b);
  b.setTranslation([4, 0, 0]).addChild(c);
  c.setTranslation([4, 0, 0]);
  doc.createScene().addChild(doc.createNode('RootNode').addChild(a));
  return { doc, a, b, c };
}

describe('FBX InheritType eInheritRrs: the node keeps out its parent’s scale', () => {
  it('reads which Models of an ASCII FBX say so', async () => {
    const file = path.join(dir, 'rig.fbx');
    writeFileSync(
      file,
      [
        'Objects:  {',
        '\tModel: 1, "Model::hip", "LimbNode" {',
        '\t\tProperties70:  {',
        '\t\t\tP: "InheritType", "enum", "", "",1',
        '\t\t}',
        '\t}',
        '\tModel: 2, "Model::knee", "LimbNode" {',
        '\t\tProperties70:  {',
        '\t\t\tP: "InheritType", "enum", "", "",2',
        '\t\t}',
        '\t}',
        '}',
      ].join('\n'),
    );
    expect([...(await readRrsModels(file))]).toEqual(['knee']);
  });

  it('moves the node in its parent’s scaled space but does not pass the scale on, at rest', () => {
    const { doc, b, c } = chain();
    expect(c.getWorldTranslation()[0]).toBe(16);
    expect(applyRrsInheritance(doc, new Set(['b']))).toBe(1);
    expect(b.getWorldTranslation()[0]).toBe(8);
    expect(c.getWorldTranslation()[0]).toBe(12);
  });

  it('divides the node’s scale by its parent’s at every key of an animation that scales the parent', () => {
    const { doc, a, b } = chain();
    const buffer = doc.getRoot().listBuffers()[0];
    const times = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(new Float32Array([0, 1]))
      .setBuffer(buffer ?? null);
    const scales = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([1, 1, 1, 2, 2, 2]))
      .setBuffer(buffer ?? null);
    const sampler = doc.createAnimationSampler().setInput(times).setOutput(scales);
    const channel = doc.createAnimationChannel().setTargetNode(a).setTargetPath('scale').setSampler(sampler);
    const animation = doc.createAnimation('grow').addSampler(sampler).addChannel(channel);
    applyRrsInheritance(doc, new Set(['b']));
    const added = animation.listChannels().find((c) => c.getTargetNode() === b);
    const input = [...(added?.getSampler()?.getInput()?.getArray() ?? [])];
    const output = [...(added?.getSampler()?.getOutput()?.getArray() ?? [])];
    expect(input[0]).toBe(0);
    expect(input.at(-1)).toBe(1);
    // 1 / (1 + t), kept within 1e-5 of the curve by keys between 0 and 1.
    for (const [i, t] of input.entries()) expect(output[i * 3]).toBeCloseTo(1 / (1 + t), 4);
    expect(input.length).toBeGreaterThan(2);
  });

  it('leaves nodes alone when no name matches or the parent is not scaled', () => {
    const { doc, c } = chain();
    expect(applyRrsInheritance(doc, new Set(['nowhere']))).toBe(0);
    expect(applyRrsInheritance(doc, new Set(['a']))).toBe(0);
    expect(c.getWorldTranslation()[0]).toBe(16);
  });

  it.skipIf(!HAVE_SAMPLES)('stands the Maya chain (joint2 scaled 2, the rest Rrs) 16 cm tall, not 20', async () => {
    const workDir = path.join(dir, 'maya');
    mkdirSync(workDir);
    const outputPath = path.join(workDir, 'out.glb');
    const file = sample('real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx');
    const result = await runConversion(
      { filePath: file, fileName: path.basename(file), workDir, outputPath },
      () => {},
    );
    const doc = await (await gltfIO()).read(outputPath);
    const joint = (name: string) =>
      doc
        .getRoot()
        .listNodes()
        .find((node) => node.getName() === name) as Node;
    const height = (name: string) => joint(name).getWorldTranslation()[1];
    // joint2 4 cm up, joint3 4 × 2 cm further (joint2's scale moves it), joint4 4 cm further (joint3 is not scaled).
    expect(height('joint2')).toBeCloseTo(0.04, 5);
    expect(height('joint3')).toBeCloseTo(0.12, 5);
    expect(height('joint4')).toBeCloseTo(0.16, 5);
    expect(result.figures.bounds?.max[1]).toBeCloseTo(0.16, 5);
  });
});
