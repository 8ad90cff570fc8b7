import sharp from 'sharp';
import { fractalNoise, seededRandom, tiledNoise } from './demo-noise.ts';

/** Procedural material maps for the demo materials: base colour, normal (from a height field) and roughness. */

export const DEMO_MATERIAL_NAMES = [
  'Oak Natural',
  'Oak Smoked',
  'Walnut Oiled',
  'Carrara Marble',
  'Nero Marquina',
  'Brushed Steel',
  'Brass Satin',
  'Matte White Lacquer',
  'Laminate Beige',
  'Old Pine',
] as const;
export type DemoMaterialName = (typeof DEMO_MATERIAL_NAMES)[number];

type Rgb = [number, number, number];
/** Writes one texel: colour (0..1 sRGB), height (about 0..1) and roughness (0..1) into `out` [r, g, b, h, rough]. */
type Painter = (u: number, v: number, out: Float32Array) => void;
interface Recipe {
  painter: () => Painter;
  /** How strongly the height field bends the normals. */
  relief: number;
  metallic?: boolean;
}

/** Raw maps of one material, `size` × `size` texels, rows top to bottom. */
export interface MaterialRaster {
  size: number;
  colour: Uint8Array; // RGB
  normal: Uint8Array; // RGB, tangent space, +Z out of the surface
  roughness: Uint8Array; // grey
  /** 1 for a metal, 0 for anything else (the whole surface is one or the other). */
  metallic: 0 | 1;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;
const clamp01 = (t: number) => Math.min(Math.max(t, 0), 1);
const smoothstep = (a: number, b: number, x: number) => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};
/** The distance from `a` to `b` on a unit circle (the tile wraps), signed, in [-0.5, 0.5). */
const wrapped = (a: number, b: number) => a - b - Math.round(a - b);

function setColour(out: Float32Array, from: Rgb, to: Rgb, t: number, shade = 1) {
  out[0] = mix(from[0], to[0], t) * shade;
  out[1] = mix(from[1], to[1], t) * shade;
  out[2] = mix(from[2], to[2], t) * shade;
}

interface WoodOptions {
  /** Growth lines per metre across the grain where the board is plain (a 60 cm door shows 60 % of them). */
  rings: number;
  /** Cathedral arches per tile: where the cut runs close to the heart, the rings show as nested arches. */
  arches: number;
  /** How dark the latewood line of a ring gets, 0..1 of the way from `light` to `dark`. */
  contrast: number;
  /** Open pores (oak): fine dark flecks in the earlywood, 0..1. */
  pores: number;
  knots: number;
  roughness: number;
}

/**
 * Wood: growth rings along U (the grain), irregular in width and strength, gently wavy, with a few cathedral
 * arches (a long bump in the ring field: the rings close into nested arches around it), fine fibres, pores and knots.
 */
function wood(seed: number, light: Rgb, dark: Rgb, o: WoodOptions) {
  return (): Painter => {
    const spacing = tiledNoise(seed, 2, 24);
    const wave = fractalNoise(seed + 1, 2, 3, 3);
    const tone = fractalNoise(seed + 2, 2, 6, 3);
    const fibres = tiledNoise(seed + 7, 6, 320);
    const fine = tiledNoise(seed + 8, 24, 512);
    const pores = tiledNoise(seed + 9, 96, 512);
    const random = seededRandom(seed + 11);
    const strength = Float32Array.from({ length: o.rings }, () => 0.35 + 0.65 * random() ** 1.5);
    const arches = Array.from({ length: o.arches }, () => ({
      u: random(),
      v: random(),
      length: 0.25 + random() * 0.3,
      width: 0.03 + random() * 0.03,
      height: 3 + random() * 4,
    }));
    const knots = Array.from({ length: o.knots }, () => ({ u: random(), v: random(), r: 0.008 + random() * 0.008 }));
    return (u, v, out) => {
      let t = v * o.rings + (spacing(u, v) - 0.5) * 1.6 + (wave(u, v) - 0.5) * 3;
      for (const a of arches) {
        const du = wrapped(u, a.u);
        const dv = wrapped(v, a.v) / a.width;
        if (du < -0.03 || du > a.length || dv * dv > 9) continue;
        // Rises steeply at the arch's tip, fades slowly along the grain.
        t += a.height * smoothstep(-0.03, 0.02, du) * (1 - smoothstep(0.02, a.length, du)) * Math.exp(-dv * dv);
      }
      let knot = 0;
      for (const k of knots) {
        const du = wrapped(u, k.u);
        const dv = wrapped(v, k.v);
        const d2 = (du * du) / 9 + dv * dv;
        if (d2 > k.r * k.r * 81) continue;
        t += 3 * Math.exp(-d2 / (k.r * k.r * 9));
        knot = Math.max(knot, smoothstep(1.3, 0.7, Math.sqrt(d2) / k.r));
      }
      const ring = t - Math.floor(t);
      const index = ((Math.floor(t) % o.rings) + o.rings) % o.rings;
      // Earlywood light and open, latewood darkening towards the ring's end, then the next ring starts.
      const late = smoothstep(0.45, 0.96, ring) * (1 - smoothstep(0.96, 1, ring)) * (strength[index] as number);
      const fibre = fibres(u, v) * 0.6 + fine(u, v) * 0.4;
      const pore = o.pores * smoothstep(0.72, 0.9, pores(u, v)) * (ring < 0.3 ? 1 : 0.35);
      const darkness = clamp01(
        o.contrast * late + 0.3 * (tone(u, v) - 0.5) + 0.12 * (fibre - 0.5) + 0.2 * pore + 0.7 * knot,
      );
      setColour(out, light, dark, darkness);
      out[3] = 1 - (0.1 * late + 0.15 * fibre + 0.12 * pore + 0.3 * knot);
      out[4] = o.roughness + 0.06 * (fibre - 0.5) + 0.05 * late + 0.1 * pore;
    };
  };
}

interface Vein {
  /** Whole turns across the tile along U and V (whole numbers keep the tile seamless): direction and count. */
  across: [number, number];
  /** Width of the vein's core (fraction of the gap between veins) and how strongly it shows, 0..1. */
  width: number;
  strength: number;
}

/**
 * Stone: a soft cloudy ground and veins: families of lines across the tile, bent by a smooth domain warp (so they
 * meander without closing into rings), each fading in and out along its length, with a thin core and a soft halo.
 */
function marble(seed: number, ground: Rgb, cloud: Rgb, vein: Rgb, veins: Vein[], roughness: number) {
  return (): Painter => {
    const clouds = fractalNoise(seed, 3, 3, 4);
    const warpU = fractalNoise(seed + 1, 2, 2, 4);
    const warpV = fractalNoise(seed + 2, 2, 2, 4);
    const jitter = fractalNoise(seed + 3, 16, 16, 2);
    const fades = veins.map((_, i) => fractalNoise(seed + 10 + i, 3, 3, 2));
    return (u, v, out) => {
      const c = clouds(u, v);
      const j = (jitter(u, v) - 0.5) * 0.02;
      const pu = u + (warpU(u, v) - 0.5) * 0.3 + j;
      const pv = v + (warpV(u, v) - 0.5) * 0.3 - j;
      let amount = 0;
      for (let i = 0; i < veins.length; i++) {
        const { across, width, strength } = veins[i] as Vein;
        const s = Math.abs(Math.sin(Math.PI * (across[0] * pu + across[1] * pv)));
        if (s > width * 15) continue; // the halo has faded out
        const core = Math.exp(-((s / width) ** 2));
        const halo = Math.exp(-((s / (width * 5)) ** 2)) * 0.25;
        const fade = smoothstep(0.3, 0.6, (fades[i] as (x: number, y: number) => number)(u, v));
        amount = Math.max(amount, (core + halo) * strength * fade);
      }
      amount = clamp01(amount);
      setColour(out, ground, cloud, smoothstep(0.3, 0.75, c));
      out[0] = mix(out[0] as number, vein[0], amount);
      out[1] = mix(out[1] as number, vein[1], amount);
      out[2] = mix(out[2] as number, vein[2], amount);
      out[3] = 1 - 0.3 * amount;
      out[4] = roughness + 0.04 * amount + 0.03 * (c - 0.5);
    };
  };
}

/** Brushed metal: long fine streaks along U, broken into lengths, and a faint blotchy sheen. */
function brushed(seed: number, base: Rgb, roughness: number) {
  return (): Painter => {
    const long = tiledNoise(seed, 3, 768);
    const hair = tiledNoise(seed + 1, 24, 1536);
    const blotch = fractalNoise(seed + 3, 3, 3, 2);
    return (u, v, out) => {
      const streak = long(u, v) * 0.55 + hair(u, v) * 0.45;
      const b = blotch(u, v) - 0.5;
      const shade = 0.97 + 0.06 * (streak - 0.5) + 0.04 * b;
      out[0] = base[0] * shade;
      out[1] = base[1] * shade;
      out[2] = base[2] * shade;
      out[3] = streak;
      out[4] = roughness + 0.08 * (streak - 0.5) + 0.06 * b;
    };
  };
}

/** Lacquer and laminate: an even colour with a fine orange peel, or a fine linen weave (laminate). */
function finish(seed: number, base: Rgb, o: { weave: number; roughness: number }) {
  return (): Painter => {
    const peel = fractalNoise(seed, 48, 48, 2);
    const tone = fractalNoise(seed + 3, 3, 3, 2);
    const warp = tiledNoise(seed + 1, 12, 512);
    const weft = tiledNoise(seed + 2, 512, 12);
    return (u, v, out) => {
      const p = peel(u, v);
      const weave = o.weave * (warp(u, v) + weft(u, v) - 1);
      const shade = 1 + 0.008 * (p - 0.5) + 0.015 * (tone(u, v) - 0.5) + weave * 0.05;
      out[0] = base[0] * shade;
      out[1] = base[1] * shade;
      out[2] = base[2] * shade;
      out[3] = p * 0.5 + weave;
      out[4] = o.roughness + 0.04 * (p - 0.5) + 0.06 * weave;
    };
  };
}

const CARRARA: Vein[] = [
  { across: [2, 1], width: 0.035, strength: 0.7 },
  { across: [1, 3], width: 0.02, strength: 0.5 },
  { across: [4, -1], width: 0.015, strength: 0.4 },
  { across: [3, 2], width: 0.06, strength: 0.25 },
  { across: [-2, 3], width: 0.012, strength: 0.3 },
];
const MARQUINA: Vein[] = [
  { across: [2, 1], width: 0.02, strength: 0.9 },
  { across: [-1, 3], width: 0.012, strength: 0.7 },
  { across: [3, -2], width: 0.01, strength: 0.55 },
  { across: [5, 2], width: 0.008, strength: 0.4 },
  { across: [1, -4], width: 0.006, strength: 0.35 },
];

const RECIPES: Record<DemoMaterialName, Recipe> = {
  'Oak Natural': {
    painter: wood(11, [0.8, 0.65, 0.47], [0.56, 0.4, 0.25], {
      rings: 56,
      arches: 3,
      contrast: 0.55,
      pores: 1,
      knots: 0,
      roughness: 0.58,
    }),
    relief: 0.25,
  },
  'Oak Smoked': {
    painter: wood(23, [0.46, 0.35, 0.25], [0.24, 0.16, 0.1], {
      rings: 56,
      arches: 3,
      contrast: 0.55,
      pores: 1,
      knots: 0,
      roughness: 0.6,
    }),
    relief: 0.25,
  },
  'Walnut Oiled': {
    painter: wood(37, [0.47, 0.32, 0.21], [0.25, 0.15, 0.1], {
      rings: 40,
      arches: 4,
      contrast: 0.6,
      pores: 0.5,
      knots: 0,
      roughness: 0.42,
    }),
    relief: 0.2,
  },
  'Carrara Marble': {
    painter: marble(41, [0.92, 0.92, 0.91], [0.84, 0.85, 0.86], [0.55, 0.57, 0.6], CARRARA, 0.1),
    relief: 0.04,
  },
  'Nero Marquina': {
    painter: marble(53, [0.06, 0.06, 0.065], [0.11, 0.11, 0.12], [0.88, 0.87, 0.84], MARQUINA, 0.08),
    relief: 0.04,
  },
  'Brushed Steel': { painter: brushed(67, [0.77, 0.78, 0.79], 0.4), relief: 0.05, metallic: true },
  'Brass Satin': { painter: brushed(71, [0.86, 0.72, 0.46], 0.42), relief: 0.04, metallic: true },
  'Matte White Lacquer': { painter: finish(83, [0.93, 0.93, 0.91], { weave: 0, roughness: 0.72 }), relief: 0.04 },
  'Laminate Beige': { painter: finish(97, [0.83, 0.76, 0.63], { weave: 0.5, roughness: 0.55 }), relief: 0.12 },
  'Old Pine': {
    painter: wood(101, [0.84, 0.64, 0.4], [0.62, 0.38, 0.18], {
      rings: 30,
      arches: 3,
      contrast: 0.75,
      pores: 0,
      knots: 3,
      roughness: 0.65,
    }),
    relief: 0.3,
  },
};

export const isDemoMaterialName = (name: string): name is DemoMaterialName =>
  (DEMO_MATERIAL_NAMES as readonly string[]).includes(name);

const toByte = (value: number) => Math.round(clamp01(value) * 255);

/** The raw maps of a material at `size` × `size` (the pattern covers the tile at any size). */
export function materialRaster(name: DemoMaterialName, size: number): MaterialRaster {
  const recipe = RECIPES[name];
  const paint = recipe.painter();
  const texels = size * size;
  const height = new Float32Array(texels);
  const colour = new Uint8Array(texels * 3);
  const roughness = new Uint8Array(texels);
  const out = new Float32Array(5);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      paint((x + 0.5) / size, (y + 0.5) / size, out);
      colour[i * 3] = toByte(out[0] as number);
      colour[i * 3 + 1] = toByte(out[1] as number);
      colour[i * 3 + 2] = toByte(out[2] as number);
      height[i] = out[3] as number;
      roughness[i] = toByte(out[4] as number);
    }
  }
  // Height differences per texel of a 512 tile; a smaller raster has steeper steps between its texels.
  const strength = recipe.relief * (size / 512) * 8;
  const normal = new Uint8Array(texels * 3);
  for (let y = 0; y < size; y++) {
    const up = ((y + size - 1) % size) * size;
    const down = ((y + 1) % size) * size;
    for (let x = 0; x < size; x++) {
      const left = (x + size - 1) % size;
      const right = (x + 1) % size;
      // Rows run top to bottom while V (and the normal map's green, OpenGL style) runs upward.
      const dx = ((height[y * size + right] as number) - (height[y * size + left] as number)) * strength;
      const dy = ((height[up + x] as number) - (height[down + x] as number)) * strength;
      const length = Math.sqrt(dx * dx + dy * dy + 1);
      const i = (y * size + x) * 3;
      normal[i] = toByte((-dx / length) * 0.5 + 0.5);
      normal[i + 1] = toByte((-dy / length) * 0.5 + 0.5);
      normal[i + 2] = toByte((1 / length) * 0.5 + 0.5);
    }
  }
  return { size, colour, normal, roughness, metallic: recipe.metallic ? 1 : 0 };
}

/** A raw image as PNG. */
export function png(data: Uint8Array, size: number, channels: 1 | 3 | 4): Promise<Buffer> {
  return sharp(data, { raw: { width: size, height: size, channels } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** The maps of a material as PNG: colour, normal, roughness, and a metallic map for a metal. */
export async function materialPngs(raster: MaterialRaster) {
  const [base_color, normal, roughness, metallic] = await Promise.all([
    png(raster.colour, raster.size, 3),
    png(raster.normal, raster.size, 3),
    png(raster.roughness, raster.size, 1),
    raster.metallic ? png(new Uint8Array(raster.size * raster.size).fill(255), raster.size, 1) : undefined,
  ]);
  return { base_color, normal, roughness, ...(metallic ? { metallic } : {}) };
}
