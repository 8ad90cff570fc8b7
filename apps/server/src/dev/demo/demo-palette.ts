import type { DemoMaterialName } from './demo-textures.ts';

/** How a part's material looks: an sRGB colour (0..1), PBR values, and the demo maps it wears if any. */
export interface PaletteEntry {
  colour: [number, number, number];
  metallic: number;
  roughness: number;
  maps?: DemoMaterialName;
}

/** Every material name the demo pieces use: the ten demo materials (textured) and plain finishes. */
export const PALETTE = {
  'Oak Natural': { colour: [0.76, 0.6, 0.42], metallic: 0, roughness: 0.6, maps: 'Oak Natural' },
  'Oak Smoked': { colour: [0.42, 0.31, 0.22], metallic: 0, roughness: 0.6, maps: 'Oak Smoked' },
  'Walnut Oiled': { colour: [0.4, 0.26, 0.17], metallic: 0, roughness: 0.45, maps: 'Walnut Oiled' },
  'Carrara Marble': { colour: [0.9, 0.9, 0.89], metallic: 0, roughness: 0.25, maps: 'Carrara Marble' },
  'Nero Marquina': { colour: [0.1, 0.1, 0.11], metallic: 0, roughness: 0.2, maps: 'Nero Marquina' },
  'Brushed Steel': { colour: [0.72, 0.73, 0.75], metallic: 1, roughness: 0.35, maps: 'Brushed Steel' },
  'Brass Satin': { colour: [0.78, 0.62, 0.33], metallic: 1, roughness: 0.4, maps: 'Brass Satin' },
  'Matte White Lacquer': { colour: [0.93, 0.93, 0.91], metallic: 0, roughness: 0.8, maps: 'Matte White Lacquer' },
  'Laminate Beige': { colour: [0.82, 0.74, 0.6], metallic: 0, roughness: 0.55, maps: 'Laminate Beige' },
  'Old Pine': { colour: [0.72, 0.52, 0.3], metallic: 0, roughness: 0.7, maps: 'Old Pine' },
  Charcoal: { colour: [0.16, 0.16, 0.17], metallic: 0, roughness: 0.7 },
  'Black Glass': { colour: [0.03, 0.03, 0.035], metallic: 0, roughness: 0.08 },
  'Smoked Glass': { colour: [0.2, 0.22, 0.24], metallic: 0, roughness: 0.05 },
  'Zone Grey': { colour: [0.32, 0.32, 0.34], metallic: 0, roughness: 0.3 },
  'Cast Iron': { colour: [0.08, 0.08, 0.08], metallic: 0.6, roughness: 0.6 },
  'Cream Paint': { colour: [0.93, 0.89, 0.8], metallic: 0, roughness: 0.65 },
  'Wall Plaster': { colour: [0.86, 0.85, 0.83], metallic: 0, roughness: 0.9 },
  'Warm Light': { colour: [1, 0.93, 0.75], metallic: 0, roughness: 0.3 },
} as const satisfies Record<string, PaletteEntry>;

export type PaletteName = keyof typeof PALETTE;

export function paletteEntry(name: string): PaletteEntry {
  if (!Object.hasOwn(PALETTE, name)) throw new Error(`No demo material named "${name}"`);
  return PALETTE[name as PaletteName];
}
