import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Document, Document as GltfDocument, type Node, type vec3, type vec4 } from '@gltf-transform/core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { removeDoubledPreRotation } from './fbx-pre-rotation.ts';
import { gltfIO } from './gltf-io.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fbx-pre-rotation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUARTER_Z: vec4 = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
const HALF_Z: vec4 = [0, 0, 1, 0];

/** A node under its PreRotation helper (90° about Z), its rotation animated with the keys given. */
function animated(keys: number[], helperName = 'hip_$AssimpFbx$_PreRotation') {
  const doc = new GltfDocument();
  const buffer = doc.createBuffer();
  const helper = doc.createNode(helperName).setRotation(QUARTER_Z);
  const node = doc.createNode('hip');
  helper.addChild(node);
  doc.createScene().addChild(helper);
  const times = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  const values = doc.createAccessor().setType('VEC4').setArray(new Float32Array(keys)).setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(times).setOutput(values);
  const channel = doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler);
  doc.createAnimation('take').addSampler(sampler).addChannel(channel);
  return { doc, values };
}

/** Every animated node at its last key (the pose the animation ends in). */
function poseAtEnd(doc: Document) {
  for (const channel of doc.getRoot().listAnimations()[0]?.listChannels() ?? []) {
    const node = channel.getTargetNode() as Node;
    const output = channel.getSampler()?.getOutput();
    const size = output?.getElementSize() ?? 3;
    const last = Array.from(output?.getArray()?.slice(-size) ?? []);
    if (channel.getTargetPath() === 'rotation') node.setRotation(last as vec4);
    if (channel.getTargetPath() === 'translation') node.setTranslation(last as vec3);
    if (channel.getTargetPath() === 'scale') node.setScale(last as vec3);
  }
}

describe('assimp’s PreRotation counted twice in FBX rotation keys', () => {
  it('takes the helper’s rotation out of keys that carry it again', () => {
    const { doc, values } = animated([...QUARTER_Z, ...HALF_Z]);
    expect(removeDoubledPreRotation(doc)).toBe(1);
    const keys = Array.from(values.getArray() ?? [], Number);
    expect(keys.slice(0, 4).map((v) => Math.abs(v))).toEqual([0, 0, 0, 1].map((v) => expect.closeTo(v, 6)));
    // 180° less the helper's 90°: 90° about Z.
    expect(keys.slice(4).map((v) => Math.abs(v))).toEqual(QUARTER_Z.map((v) => expect.closeTo(v, 6)));
  });

  it('leaves keys that do not start at the helper’s rotation, and nodes without the helper', () => {
    expect(removeDoubledPreRotation(animated([0, 0, 0, 1, ...QUARTER_Z]).doc)).toBe(0);
    expect(removeDoubledPreRotation(animated([...QUARTER_Z, ...HALF_Z], 'Armature').doc)).toBe(0);
  });

  it.skipIf(!HAVE_SAMPLES)('the Maya chain still stands up, 16 cm tall, where its animation ends', async () => {
    const workDir = path.join(dir, 'maya');
    mkdirSync(workDir);
    const outputPath = path.join(workDir, 'out.glb');
    const file = sample('real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx');
    const warnings: string[] = [];
    await runConversion({ filePath: file, fileName: path.basename(file), workDir, outputPath }, (r) =>
      warnings.push(...r.warnings),
    );
    expect(warnings).toContain('1 animated rotation no longer turned twice by its PreRotation');
    const doc = await (await gltfIO()).read(outputPath);
    poseAtEnd(doc);
    const at = (name: string) =>
      (
        doc
          .getRoot()
          .listNodes()
          .find((node) => node.getName() === name) as Node
      ).getWorldTranslation();
    // Scales at the end: joint1 0.5, joint2 2, joint3 1.5, each joint 4 cm from the last in its parent's scale.
    expect(at('joint2').map((v) => Number(v.toFixed(5)))).toEqual([0, 0.02, 0]);
    expect(at('joint3').map((v) => Number(v.toFixed(5)))).toEqual([0, 0.1, 0]);
    expect(at('joint4').map((v) => Number(v.toFixed(5)))).toEqual([0, 0.16, 0]);
  });
});
