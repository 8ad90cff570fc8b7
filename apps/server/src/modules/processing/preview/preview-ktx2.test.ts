import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sample } from '#test/samples.ts';
import { gltfIO } from '../conversion/gltf-io.ts';
import { PreviewRenderer } from './preview-renderer.ts';

const KTX2_BOX = sample('real-world/glTF2-ktx2/BoxTexturedKtx2.gltf');

/** Mean colour of the pixels that differ from the corner (the backdrop). */
async function modelColour(webp: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const [r0 = 0, g0 = 0, b0 = 0] = data;
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const rgb = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
    if (Math.abs(rgb[0] - r0) + Math.abs(rgb[1] - g0) + Math.abs(rgb[2] - b0) <= 24) continue;
    rgb.forEach((v, c) => {
      sum[c] = (sum[c] ?? 0) + v;
    });
    count++;
  }
  expect(count).toBeGreaterThan(info.width * info.height * 0.1);
  return sum.map((v) => v / count) as [number, number, number];
}

describe.skipIf(!existsSync(KTX2_BOX))('PreviewRenderer with a KTX2 / Basis texture', () => {
  const renderer = new PreviewRenderer();
  afterAll(() => renderer.close());

  it('draws the texture (Basis transcoder served by the renderer), not a white model', async () => {
    const io = await gltfIO();
    const doc = await io.read(KTX2_BOX);
    const textured = Buffer.from(await io.writeBinary(doc));
    for (const material of doc.getRoot().listMaterials()) material.setBaseColorTexture(null);
    for (const texture of doc.getRoot().listTextures()) texture.dispose();
    const plain = Buffer.from(await io.writeBinary(doc));

    const withTexture = await modelColour(await renderer.renderModel(textured, { background: '#202020' }));
    const without = await modelColour(await renderer.renderModel(plain, { background: '#202020' }));
    const difference = withTexture.reduce((sum, v, c) => sum + Math.abs(v - (without[c] as number)), 0);
    expect(difference).toBeGreaterThan(30);
  });
});
