/** Seeded randomness and tileable noise for the demo material maps: the same seed gives the same maps every run. */

/** mulberry32: a small, fast 32-bit PRNG returning numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * Value noise that tiles over the unit square: `cellsX` × `cellsY` random lattice values, smoothly interpolated.
 * Different cell counts on the two axes stretch it (wood fibres, brushing lines). Returns values in [0, 1].
 */
export function tiledNoise(seed: number, cellsX: number, cellsY: number): (x: number, y: number) => number {
  const random = seededRandom(seed);
  const lattice = Float32Array.from({ length: cellsX * cellsY }, () => random());
  return (x, y) => {
    const fx = (x - Math.floor(x)) * cellsX;
    const fy = (y - Math.floor(y)) * cellsY;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = smooth(fx - x0);
    const ty = smooth(fy - y0);
    const x1 = (x0 + 1) % cellsX;
    const y1 = (y0 + 1) % cellsY;
    const row0 = y0 * cellsX;
    const row1 = y1 * cellsX;
    const a = lattice[row0 + x0] as number;
    const b = lattice[row0 + x1] as number;
    const c = lattice[row1 + x0] as number;
    const d = lattice[row1 + x1] as number;
    return a + (b - a) * tx + (c - a + (a - b + d - c) * tx) * ty;
  };
}

/** Fractal noise: `octaves` layers of tiled noise, each twice as fine and half as strong; values about [0, 1]. */
export function fractalNoise(
  seed: number,
  cellsX: number,
  cellsY: number,
  octaves: number,
): (x: number, y: number) => number {
  const layers = Array.from({ length: octaves }, (_, i) => tiledNoise(seed + i * 101, cellsX << i, cellsY << i));
  const total = layers.reduce((sum, _, i) => sum + 0.5 ** i, 0);
  const weights = Float64Array.from(layers, (_, i) => 0.5 ** i / total);
  return (x, y) => {
    let value = 0;
    for (let i = 0; i < layers.length; i++)
      value += (layers[i] as (x: number, y: number) => number)(x, y) * (weights[i] as number);
    return value;
  };
}
