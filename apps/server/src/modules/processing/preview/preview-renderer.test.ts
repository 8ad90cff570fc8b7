import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import {
  boxDocument,
  bumpsNormalPng,
  checkerPng,
  greyPng,
  pointCloudDocument,
  toGlb,
  toMeshoptGlb,
} from './preview-fixtures.test-support.ts';
import { PreviewRenderError, PreviewRenderer, PreviewUnavailableError } from './preview-renderer.ts';

type Rgb = [number, number, number];

interface Picture {
  width: number;
  height: number;
  channels: number;
  pixel(x: number, y: number): number[];
  /** Share of pixels whose colour differs clearly from the top-left corner's (the background). */
  coverage: number;
  /** Share of pixels for which the test holds. */
  share(test: (rgb: Rgb) => boolean): number;
}

async function look(webp: Buffer): Promise<Picture> {
  const metadata = await sharp(webp).metadata();
  expect(metadata.format).toBe('webp');
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels),
  ];
  const share = (test: (rgb: Rgb) => boolean) => {
    let count = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (test([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0])) count++;
    return count / (info.width * info.height);
  };
  const [r0 = 0, g0 = 0, b0 = 0] = pixel(2, 2);
  const coverage = share(([r, g, b]) => Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 24);
  return { width: info.width, height: info.height, channels: info.channels, pixel, coverage, share };
}

function distance(a: number[], b: number[]): number {
  return (
    Math.abs((a[0] ?? 0) - (b[0] ?? 0)) + Math.abs((a[1] ?? 0) - (b[1] ?? 0)) + Math.abs((a[2] ?? 0) - (b[2] ?? 0))
  );
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`[preview] ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

describe('PreviewRenderer (headless Chromium, SwiftShader WebGL)', () => {
  const renderer = new PreviewRenderer();
  let boxGlb: Buffer;

  beforeAll(async () => {
    boxGlb = await toGlb(boxDocument());
    await timed('cold start (launch, bundle, page, studio scene)', () => renderer.start());
  });
  afterAll(() => renderer.close());

  it('renders a generated box as a 512² WebP product shot on the light backdrop', async () => {
    await timed('first render, box', () => renderer.renderModel(boxGlb));
    const webp = await timed('warm render, box', () => renderer.renderModel(boxGlb));
    const picture = await look(webp);
    expect([picture.width, picture.height]).toEqual([512, 512]);
    expect(distance(picture.pixel(2, 2), [0xec, 0xee, 0xf1])).toBeLessThan(12);
    const [r = 0, , b = 0] = picture.pixel(256, 256);
    expect(r - b).toBeGreaterThan(60); // the orange box is in the middle
    expect(picture.coverage).toBeGreaterThan(0.25);
    expect(picture.coverage).toBeLessThan(0.8);
  });

  it('renders the same box meshopt-compressed', async () => {
    const compressed = await toMeshoptGlb(boxGlb);
    const json = JSON.parse(compressed.toString('utf8', 20, 20 + compressed.readUInt32LE(12))) as {
      extensionsUsed?: string[];
    };
    expect(json.extensionsUsed).toContain('EXT_meshopt_compression');
    const plain = await look(await renderer.renderModel(boxGlb));
    const picture = await look(await timed('warm render, meshopt box', () => renderer.renderModel(compressed)));
    expect(Math.abs(picture.coverage - plain.coverage)).toBeLessThan(0.02);
    expect(distance(picture.pixel(256, 256), plain.pixel(256, 256))).toBeLessThan(20);
  });

  it('renders a point cloud visibly', async () => {
    const glb = await toGlb(pointCloudDocument());
    const picture = await look(await timed('warm render, 20k-point cloud', () => renderer.renderModel(glb)));
    expect(picture.coverage).toBeGreaterThan(0.05);
  });

  it('renders a material sphere from a base-colour map and a normal map', async () => {
    const maps = { base_color: await checkerPng(), normal: await bumpsNormalPng(), roughness: await greyPng(140) };
    const picture = await look(await timed('warm render, material sphere', () => renderer.renderMaterial(maps)));
    expect([picture.width, picture.height]).toEqual([512, 512]);
    expect(distance(picture.pixel(256, 256), picture.pixel(2, 2))).toBeGreaterThan(40);
    expect(picture.coverage).toBeGreaterThan(0.35);
    // Both colours of the checker map show.
    expect(picture.share(([r, , b]) => b > r + 60)).toBeGreaterThan(0.05);
    expect(picture.share(([r, , b]) => r > b + 40)).toBeGreaterThan(0.05);
  });

  it('renders a plain material from factors alone', async () => {
    const picture = await look(
      await renderer.renderMaterial({}, { base_color: '#c9a227', metallic: 1, roughness: 0.3 }),
    );
    const [r = 0, , b = 0] = picture.pixel(256, 256);
    expect(r).toBeGreaterThan(b); // gold, not grey
    expect(picture.coverage).toBeGreaterThan(0.35);
  });

  it('honours size and a transparent background', async () => {
    const picture = await look(await renderer.renderModel(boxGlb, { size: 256, background: null }));
    expect([picture.width, picture.height, picture.channels]).toEqual([256, 256, 4]);
    expect(picture.pixel(2, 2)[3]).toBe(0);
    expect(picture.pixel(128, 128)[3]).toBe(255);
    await expect(renderer.renderModel(boxGlb, { size: 10 })).rejects.toThrow(/16 to 4096/);
    await expect(renderer.renderModel(boxGlb, { background: 'red; x' })).rejects.toThrow(/colour such as/);
  });

  it('explains a file that is no GLB, and a broken GLB, and keeps working', async () => {
    await expect(renderer.renderModel(Buffer.from('not a model at all'))).rejects.toThrow(
      /The model could not be rendered: it is not a binary glTF/,
    );
    const broken = Buffer.from(boxGlb);
    broken.fill(0x7b, 20, 60); // wreck the JSON chunk
    const failure = await renderer.renderModel(broken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PreviewRenderError);
    expect((failure as Error).message).toMatch(/^The model could not be rendered: ./);
    const picture = await look(await renderer.renderModel(boxGlb));
    expect(picture.coverage).toBeGreaterThan(0.25);
  });

  it('explains a texture that is no image', async () => {
    await expect(renderer.renderMaterial({ base_color: Buffer.from('nope') })).rejects.toThrow(
      /The material could not be rendered: the base color map is not an image/,
    );
  });

  it('stops a render that takes too long, then renders on a fresh page', async () => {
    renderer.renderTimeoutMs = 1;
    try {
      await expect(renderer.renderModel(boxGlb)).rejects.toThrow(/took longer than/);
    } finally {
      renderer.renderTimeoutMs = 30_000;
    }
    const picture = await look(await timed('render on a recreated page', () => renderer.renderModel(boxGlb)));
    expect(picture.coverage).toBeGreaterThan(0.25);
  });

  it('relaunches Chromium after it was killed', async () => {
    const pid = await renderer.browserProcessId();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid ?? 0, 'SIGKILL');
    const picture = await look(
      await timed('render after a browser crash (relaunch)', () => renderer.renderModel(boxGlb)),
    );
    expect(picture.coverage).toBeGreaterThan(0.25);
    const relaunched = await renderer.browserProcessId();
    expect(relaunched).toBeGreaterThan(0);
    expect(relaunched).not.toBe(pid);
  });

  describe.skipIf(!HAVE_SAMPLES)('real sample files', () => {
    it('renders BoxTextured.glb with its texture', async () => {
      const glb = readFileSync(sample('glTF2/BoxTextured-glTF-Binary/BoxTextured.glb'));
      const picture = await look(await timed('warm render, BoxTextured.glb', () => renderer.renderModel(glb)));
      expect(picture.coverage).toBeGreaterThan(0.25);
      expect(picture.share(([r, g, b]) => g > r + 30 && g > b)).toBeGreaterThan(0.02); // the green of the logo
    });

    it('renders 2CylinderEngine.glb', async () => {
      const glb = readFileSync(sample('glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb'));
      const picture = await look(await timed('warm render, 2CylinderEngine.glb', () => renderer.renderModel(glb)));
      expect(picture.coverage).toBeGreaterThan(0.15);
    });
  });
});

describe('PreviewRenderer without Chromium', () => {
  it('says where it looked and how to fix it', async () => {
    const renderer = new PreviewRenderer({ chromiumPath: '/nonexistent/chromium' });
    const failure = await renderer.start().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PreviewUnavailableError);
    expect((failure as Error).message).toMatch(/not found at \/nonexistent\/chromium.*CHROMIUM_PATH/);
    await renderer.close();
  });
});

/** The niceness of each process started (directly or not) by this one whose name says chromium. */
function chromiumNiceness(): number[] {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [
          {
            pid: Number(pid),
            comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
            ppid: Number(fields[1]),
            nice: Number(fields[16]),
          },
        ];
      } catch {
        return [];
      }
    });
  const ours = new Set([process.pid]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const stat of stats)
      if (ours.has(stat.ppid) && !ours.has(stat.pid)) {
        ours.add(stat.pid);
        grown = true;
      }
  }
  return stats.filter((stat) => ours.has(stat.pid) && stat.comm.startsWith('chrom')).map((stat) => stat.nice);
}

describe.skipIf(process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv'))(
  'PreviewRenderer below the requests',
  () => {
    it('keeps Chromium at the niceness of a job process that started it as root (Chromium raises itself otherwise)', async () => {
      const before = os.getPriority();
      os.setPriority(10);
      const renderer = new PreviewRenderer();
      try {
        await renderer.start();
        await renderer.renderModel(await toGlb(boxDocument()), { size: 64 });
      } finally {
        os.setPriority(before);
      }
      try {
        const niceness = chromiumNiceness();
        expect(niceness.length).toBeGreaterThan(2);
        expect(Math.min(...niceness)).toBe(10);
      } finally {
        await renderer.close();
      }
    });

    it('starts Chromium at the background niceness from a process that answers requests at 0 (the embedded database)', async () => {
      expect(os.getPriority()).toBe(0);
      const renderer = new PreviewRenderer({ niceness: 19 });
      try {
        await renderer.start();
        await renderer.renderModel(await toGlb(boxDocument()), { size: 64 });
        const niceness = chromiumNiceness();
        expect(niceness.length).toBeGreaterThan(2);
        expect(Math.min(...niceness)).toBe(19);
        expect(os.getPriority()).toBe(0);
      } finally {
        await renderer.close();
      }
    });
  },
);

describe('PreviewRenderer and the process', () => {
  it('lets Node exit after close()', async () => {
    const module = fileURLToPath(new URL('./preview-renderer.ts', import.meta.url));
    const script = `const { PreviewRenderer } = await import(${JSON.stringify(module)});
      const renderer = new PreviewRenderer();
      await renderer.start();
      await renderer.close();
      console.log('closed');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(-1);
      }, 45_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(output).toContain('closed');
    expect(code).toBe(0);
  });
});
