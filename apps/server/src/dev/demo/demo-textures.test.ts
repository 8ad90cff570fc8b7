import { describe, expect, it } from 'vitest';
import { materialPngs, materialRaster } from './demo-textures.ts';

describe('demo material maps are generated deterministically', () => {
  it('gives the same bytes twice for the same material', async () => {
    const first = await materialPngs(materialRaster('Old Pine', 128));
    const second = await materialPngs(materialRaster('Old Pine', 128));
    expect(first.base_color.equals(second.base_color)).toBe(true);
    expect(first.normal.equals(second.normal)).toBe(true);
    expect(first.roughness.equals(second.roughness)).toBe(true);
  });

  it('gives different materials different maps', () => {
    const oak = materialRaster('Oak Natural', 64);
    const walnut = materialRaster('Walnut Oiled', 64);
    expect(Buffer.from(oak.colour).equals(Buffer.from(walnut.colour))).toBe(false);
  });
});
