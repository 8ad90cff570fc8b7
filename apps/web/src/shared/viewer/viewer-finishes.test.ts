import type { MaterialSlots } from '@meshport/scene';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { type DecodedImage, FinishTextures, imageBytes } from './finish-textures.ts';
import { type FinishFrame, type FinishMaps, type FinishState, ViewerFinishes } from './viewer-finishes.ts';

/** A decoder whose maps arrive when the test says, recording the order they were asked for. */
function decoder() {
  const asked: string[] = [];
  const waiting = new Map<string, { resolve: (image: DecodedImage) => void; reject: (error: unknown) => void }>();
  const decode = (url: string) => {
    asked.push(url);
    return new Promise<DecodedImage>((resolve, reject) => waiting.set(url, { resolve, reject }));
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    asked,
    decode,
    arrive: async (url: string, size = 4) => {
      waiting.get(url)?.resolve({ width: size, height: size });
      await settle();
    },
    fail: async (url: string) => {
      waiting.get(url)?.reject(new Error(`404 ${url}`));
      await settle();
    },
  };
}

function setUp(budgetBytes?: number) {
  const own = [0, 1].map((slot) => new THREE.MeshStandardMaterial({ name: `own ${slot}` }));
  const shape = () => {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('normal', new THREE.Float32BufferAttribute([0, 0, 1], 3));
    return geometry;
  };
  const legs = [new THREE.Mesh(shape(), own[0]), new THREE.Mesh(shape(), own[0])];
  const seat = new THREE.Mesh(shape(), own[1]);
  const slots: MaterialSlots = new Map([
    [0, legs.map((mesh) => ({ mesh, position: null }))],
    [1, [{ mesh: seat, position: null }]],
  ]);
  const maps = decoder();
  const shown: FinishFrame[] = [];
  const states: FinishState[] = [];
  const errors: unknown[] = [];
  const host = { drawn: 0, requested: 0, swapped: 0 };
  const finishes: ViewerFinishes = new ViewerFinishes(
    {
      drawNow: () => {
        host.drawn += 1;
        finishes.frameDrawn(performance.now());
      },
      requestRender: () => {
        host.requested += 1;
      },
      swapped: () => {
        host.swapped += 1;
      },
    },
    {
      onShown: (frame) => shown.push(frame),
      onState: (state) => states.push(state),
      onError: (error) => errors.push(error),
    },
    new FinishTextures(maps.decode, budgetBytes),
  );
  finishes.attach(slots);
  const leg = () => legs[0]?.material as THREE.MeshStandardMaterial;
  return { finishes, maps, own, legs, seat, leg, shown, states, errors, host };
}

const oak: FinishMaps = {
  maps: { base_color: '/oak/c.webp', normal: '/oak/n.webp', roughness: '/oak/r.webp' },
  bytes: { base_color: 300_000, normal: 200_000, roughness: 20_000 },
};
const ash: FinishMaps = { maps: { base_color: '/ash/c.webp', occlusion: '/ash/o.webp' } };

describe('ViewerFinishes', () => {
  it('loads a finish smallest first, shows each map as it arrives, and reports the frame that showed it whole', async () => {
    const { finishes, maps, own, legs, leg, seat, shown, states, host } = setUp();
    finishes.set({ 0: oak });
    expect(maps.asked).toEqual(['/oak/r.webp', '/oak/n.webp', '/oak/c.webp']);
    // The model keeps its look until the first map.
    expect(leg()).toBe(own[0]);
    expect(states).toEqual(['loading']);
    expect(host.drawn).toBe(0);

    await maps.arrive('/oak/r.webp');
    expect(leg()).not.toBe(own[0]);
    expect(leg().roughnessMap).not.toBeNull();
    expect(leg().map).toBeNull();
    expect(legs[1]?.material).toBe(leg());
    expect(seat.material).toBe(own[1]);

    await maps.arrive('/oak/c.webp');
    expect(leg().map?.image).toEqual({ width: 4, height: 4 });
    expect(leg().normalMap).toBeNull();
    finishes.frameDrawn(performance.now());
    expect(shown).toEqual([]);

    await maps.arrive('/oak/n.webp');
    expect([leg().map, leg().normalMap, leg().roughnessMap].every(Boolean)).toBe(true);
    expect(states).toEqual(['loading', 'ready']);
    finishes.frameDrawn(performance.now());
    expect(shown.map(({ slot }) => slot)).toEqual([0]);
    expect(shown[0]?.ms).toBeGreaterThanOrEqual(0);
  });

  it('draws a finish shown before in the same call, with the material it had', async () => {
    const { finishes, maps, own, leg, shown, host } = setUp();
    finishes.set({ 0: oak });
    for (const url of Object.values(oak.maps)) await maps.arrive(url);
    const oakMaterial = leg();
    finishes.set({ 0: ash });
    await maps.arrive('/ash/c.webp');
    await maps.arrive('/ash/o.webp');
    expect(leg().aoMap).not.toBeNull();
    shown.length = 0;

    const before = performance.now();
    finishes.set({ 0: oak });
    // Drawn before `set` returned: no fetch, no await.
    expect(host.drawn).toBe(1);
    expect(leg()).toBe(oakMaterial);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.drawnAt).toBeGreaterThanOrEqual(before);
    expect(shown[0]?.ms).toBeLessThan(100);
    expect(maps.asked.filter((url) => url.startsWith('/oak/'))).toHaveLength(3);

    finishes.set({});
    expect(host.drawn).toBe(2);
    expect(leg()).toBe(own[0]);
  });

  it('shows the same finish in two slots with one material', async () => {
    const { finishes, maps, leg, seat } = setUp();
    finishes.set({ 0: ash, 1: ash });
    expect(maps.asked).toEqual(['/ash/c.webp', '/ash/o.webp']);
    await maps.arrive('/ash/c.webp');
    await maps.arrive('/ash/o.webp');
    expect(seat.material).toBe(leg());
  });

  it('does not show maps of an earlier choice that arrive late', async () => {
    const { finishes, maps, own, leg, states } = setUp();
    finishes.set({ 0: oak });
    finishes.set({ 0: ash });
    await maps.arrive('/oak/r.webp');
    expect(leg()).toBe(own[0]);
    await maps.arrive('/ash/c.webp');
    expect(leg().map).not.toBeNull();
    expect(leg().roughnessMap).toBeNull();
    await maps.arrive('/ash/o.webp');
    expect(states.at(-1)).toBe('ready');
  });

  it('shows a finish without a map that failed, reports the failure, and asks again on the next choice', async () => {
    const { finishes, maps, leg, shown, states, errors } = setUp();
    finishes.set({ 0: ash });
    await maps.arrive('/ash/c.webp');
    await maps.fail('/ash/o.webp');
    expect(errors).toHaveLength(1);
    expect(leg().map).not.toBeNull();
    expect(leg().aoMap).toBeNull();
    expect(states.at(-1)).toBe('ready');
    finishes.frameDrawn(performance.now());
    expect(shown).toEqual([]);

    finishes.set({ 0: ash });
    expect(maps.asked.filter((url) => url === '/ash/o.webp')).toHaveLength(2);
  });

  it('keeps decoded maps within the budget, and loads a finish whose maps were dropped again', async () => {
    const { finishes, maps, leg, host, states } = setUp(3 * imageBytes({ width: 4, height: 4 }));
    finishes.set({ 0: oak });
    for (const url of ['/oak/r.webp', '/oak/c.webp', '/oak/n.webp']) await maps.arrive(url);
    finishes.set({ 0: ash });
    await maps.arrive('/ash/c.webp');
    await maps.arrive('/ash/o.webp');
    const ashMaterial = leg();

    finishes.set({ 0: oak });
    expect(host.drawn).toBe(0);
    expect(states.at(-1)).toBe('loading');
    // Two of oak's maps (the least recently used) made room for ash's; the third is still there.
    expect(maps.asked.filter((url) => url.startsWith('/oak/'))).toEqual([
      '/oak/r.webp',
      '/oak/n.webp',
      '/oak/c.webp',
      '/oak/r.webp',
      '/oak/c.webp',
    ]);
    expect(leg()).toBe(ashMaterial);
  });

  it('gives the model its own materials back when it goes', async () => {
    const { finishes, maps, own, legs, seat } = setUp();
    finishes.set({ 0: ash, 1: oak });
    await maps.arrive('/ash/c.webp');
    await maps.arrive('/oak/r.webp');
    finishes.detach();
    expect(legs.map((mesh) => mesh.material)).toEqual([own[0], own[0]]);
    expect(seat.material).toBe(own[1]);
    // Maps that arrive afterwards change nothing.
    await maps.arrive('/ash/o.webp');
    expect(legs[0]?.material).toBe(own[0]);
  });
});

describe('FinishTextures', () => {
  it('decodes each map once however many ask', async () => {
    const maps = decoder();
    const textures = new FinishTextures(maps.decode);
    const first = textures.load('/a');
    const second = textures.load('/a');
    await maps.arrive('/a');
    expect(await first).toBe(await second);
    expect(await textures.load('/a')).toBe(await first);
    expect(maps.asked).toEqual(['/a']);
    expect((await first).flipY).toBe(false);
  });

  it('drops the least recently used maps over its budget, never one on show', async () => {
    const maps = decoder();
    const textures = new FinishTextures(maps.decode, 2.5 * imageBytes({ width: 4, height: 4 }));
    const loaded: THREE.Texture[] = [];
    for (const url of ['/a', '/b', '/c', '/d']) {
      const promise = textures.load(url);
      await maps.arrive(url);
      loaded.push(await promise);
    }
    const [a, b, c, d] = loaded;
    textures.get('/a');
    // From the least recently used (a was used again): b is on show and stays; c and d go, and then two fit.
    expect(textures.trim((texture) => texture === b)).toEqual([c, d]);
    expect([textures.get('/c'), textures.get('/d')]).toEqual([undefined, undefined]);
    expect(textures.trim(() => false)).toEqual([]);
    expect([textures.get('/a'), textures.get('/b')]).toEqual([a, b]);
    expect(textures.bytes).toBe(2 * imageBytes({ width: 4, height: 4 }));
  });
});
