import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AnimationSampler, Document } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { countKeyframes, KEYFRAME_TOLERANCE, resampleAnimations } from './animation-resample.ts';
import { runConversion } from './conversion-pipeline.ts';
import { gltfIO } from './gltf-io.ts';
import { geometryFigures, optimiseDocument } from './optimise-step.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'optimise-keeps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A quad with two UV sets and a material without any texture; `nodes` nodes draw the same mesh. */
function quadScene(nodes = 1) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0])))
    .setAttribute('NORMAL', acc('VEC3', new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1])))
    .setAttribute('TEXCOORD_0', acc('VEC2', new Float32Array([0, 0, 1, 0, 1, 1, 0, 1])))
    .setAttribute('TEXCOORD_1', acc('VEC2', new Float32Array([0, 0, 0.5, 0, 0.5, 0.5, 0, 0.5])))
    .setIndices(acc('SCALAR', new Uint16Array([0, 1, 2, 0, 2, 3])))
    .setMaterial(doc.createMaterial('plain'));
  const mesh = doc.createMesh('quad').addPrimitive(prim);
  const scene = doc.createScene('scene');
  doc.getRoot().setDefaultScene(scene);
  for (let i = 0; i < nodes; i++)
    scene.addChild(
      doc
        .createNode(`n${i}`)
        .setMesh(mesh)
        .setTranslation([i * 2, 0, 0]),
    );
  return { doc, buffer, acc, scene };
}

/** Adds an animation of `keys` keyframes, one per frame at 30 fps, moving node 0 along x with one bend. */
function addBakedAnimation(scene: ReturnType<typeof quadScene>) {
  const { doc, acc } = scene;
  const keys = 3000;
  const times = new Float32Array(keys);
  const values = new Float32Array(keys * 3);
  for (let i = 0; i < keys; i++) {
    times[i] = i / 30;
    // Straight out, then straight back: two lines, 2,998 of the keys on them.
    const x = i < keys / 2 ? i * 0.01 : (keys - i) * 0.01;
    values.set([x, Math.sin(i / 400) * 0.00001, 0], i * 3);
  }
  const sampler = doc.createAnimationSampler().setInput(acc('SCALAR', times));
  sampler.setOutput(acc('VEC3', values)).setInterpolation('LINEAR');
  const node = doc.getRoot().listNodes()[0];
  const channel = doc
    .createAnimationChannel()
    .setTargetNode(node ?? null)
    .setTargetPath('translation');
  doc.createAnimation('walk').addSampler(sampler).addChannel(channel.setSampler(sampler));
  return { times, values };
}

/** A linear sampler's value at time t. */
function sampleAt(sampler: AnimationSampler, t: number): number[] {
  const times = sampler.getInput()?.getArray() as Float32Array;
  const output = sampler.getOutput();
  let i = 0;
  while (i + 1 < times.length && (times[i + 1] as number) <= t) i++;
  const a = output?.getElement(i, [] as number[]) ?? [];
  if (i + 1 >= times.length) return a;
  const b = output?.getElement(i + 1, [] as number[]) ?? [];
  const f = (t - (times[i] as number)) / ((times[i + 1] as number) - (times[i] as number));
  return a.map((v, k) => v + ((b[k] as number) - v) * f);
}

describe('optimising keeps what the file carries', () => {
  it('keeps every UV set when no texture uses it (a material applied later needs them)', async () => {
    const { doc } = quadScene();
    await optimiseDocument(doc);
    const prim = doc.getRoot().listMeshes()[0]?.listPrimitives()[0];
    expect(prim?.listSemantics().sort()).toEqual(['NORMAL', 'POSITION', 'TEXCOORD_0', 'TEXCOORD_1']);
  });

  it('keeps look-alike materials of different names apart (each is a slot), and merges the rest as before', async () => {
    const { doc } = quadScene(4);
    // Not one colour (prune would make a solid texture a factor).
    const pixels = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
    const png = new Uint8Array(
      await sharp(pixels, { raw: { width: 2, height: 2, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const quad = doc.getRoot().listMeshes()[0]?.listPrimitives()[0];
    const nodes = doc.getRoot().listNodes();
    // Four quads drawn alike, each with its own material and texture of the same image: two named, two not.
    for (const [i, name] of ['Door', 'Frame', '', ''].entries()) {
      const texture = doc.createTexture(`texture ${i}`).setMimeType('image/png').setImage(png);
      const material = doc.createMaterial(name).setBaseColorTexture(texture);
      const mesh = doc.createMesh(`quad ${i}`);
      if (quad) mesh.addPrimitive(quad.clone().setMaterial(material));
      nodes[i]?.setMesh(mesh);
    }
    await optimiseDocument(doc);
    expect(geometryFigures(doc, false).materialNames).toEqual(['Door', 'Frame', '']);
    // The same image merges whatever the textures are called; so do the two quads of the unnamed look-alikes.
    expect(doc.getRoot().listTextures()).toHaveLength(1);
    expect(doc.getRoot().listMeshes()).toHaveLength(3);
  });

  it('counts triangles, vertices and points as the scene draws them', () => {
    const { doc } = quadScene(10);
    const figures = geometryFigures(doc, false);
    expect(figures.meshes).toBe(1);
    expect(figures.triangles).toBe(20);
    expect(figures.vertices).toBe(40);
    // A mesh no node of the scene draws does not count.
    doc.getRoot().listNodes()[0]?.setMesh(null);
    expect(geometryFigures(doc, false).triangles).toBe(18);
  });

  it(`resamples baked keyframes within ${KEYFRAME_TOLERANCE} and says how many there were and are`, async () => {
    const scene = quadScene();
    const source = addBakedAnimation(scene);
    const { keyframesBefore, keyframesAfter } = await resampleAnimations(scene.doc);
    expect(keyframesBefore).toBe(3000);
    expect(keyframesAfter).toBe(countKeyframes(scene.doc));
    expect(keyframesAfter).toBeLessThan(100);
    const sampler = scene.doc.getRoot().listAnimations()[0]?.listSamplers()[0] as AnimationSampler;
    let worst = 0;
    for (let i = 0; i < source.times.length; i++) {
      const got = sampleAt(sampler, source.times[i] as number);
      for (let k = 0; k < 3; k++)
        worst = Math.max(worst, Math.abs((got[k] as number) - (source.values[i * 3 + k] as number)));
    }
    // Float32 times and values add their rounding to the tolerance.
    expect(worst).toBeLessThan(KEYFRAME_TOLERANCE * 1.5);
    expect(await resampleAnimations(quadScene().doc)).toEqual({ keyframesBefore: null, keyframesAfter: null });
  });

  it('end to end: the GLB keeps both UV sets, the figures count 10 drawn quads and the resampled keyframes', async () => {
    const scene = quadScene(10);
    addBakedAnimation(scene);
    const filePath = path.join(dir, 'quads.glb');
    writeFileSync(filePath, await (await gltfIO()).writeBinary(scene.doc));
    const workDir = path.join(dir, 'work');
    mkdirSync(workDir);
    const outputPath = path.join(workDir, 'out.glb');
    const result = await runConversion({ filePath, fileName: 'quads.glb', workDir, outputPath }, () => {});
    expect(result.figures.triangles).toBe(20);
    expect(result.figures.keyframesBefore).toBe(3000);
    expect(result.figures.keyframesAfter).toBeLessThan(100);
    const out = await (await gltfIO()).read(outputPath);
    const semantics = out.getRoot().listMeshes()[0]?.listPrimitives()[0]?.listSemantics() ?? [];
    expect(semantics).toContain('TEXCOORD_1');
    expect(countKeyframes(out)).toBe(result.figures.keyframesAfter);
  });
});
