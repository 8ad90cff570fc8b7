import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { boxDocument, toGlb } from './preview-fixtures.test-support.ts';
import { CLEAR_DIFFERENCE, decodePicture, type RawPicture } from './preview-measure.test-support.ts';
import { PreviewRenderer } from './preview-renderer.ts';

/** The web viewer's engine, bundled as it is: the test shows a model with it as the record page does. */
const VIEWER_ENGINE = fileURLToPath(new URL('../../../../../web/src/shared/viewer/viewer-engine.ts', import.meta.url));
const ORIGIN = 'http://viewer.meshport';
const SIZE = 512;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; overflow: hidden; }
#stage { width: ${SIZE}px; height: ${SIZE}px; }
</style></head><body><div id="stage"></div><script src="/viewer.js"></script></body></html>`;

const ENTRY = `import { ViewerEngine } from ${JSON.stringify(VIEWER_ENGINE)};
window.showInViewer = (url) => new Promise((resolve, reject) => {
  const engine = new ViewerEngine(document.getElementById('stage'), () => {
    // The first frame is drawn; wait for it to reach the screen before the screenshot.
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
  });
  engine.load({ kind: 'glb', url }, new AbortController().signal).catch((error) => reject(String(error)));
});`;

async function viewerScript(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    define: { 'import.meta.url': JSON.stringify(`${ORIGIN}/`) },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('bundling the viewer produced nothing');
  return output.text;
}

/** Where the model is: the bounding box of the pixels that clearly differ from the corner (the background). */
function modelBox(picture: RawPicture) {
  const { width, height, channels, data } = picture;
  const box = { minX: width, minY: height, maxX: -1, maxY: -1, pixels: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * channels;
      const d = Math.hypot(
        (data[p] ?? 0) - (data[0] ?? 0),
        (data[p + 1] ?? 0) - (data[1] ?? 0),
        (data[p + 2] ?? 0) - (data[2] ?? 0),
      );
      if (d <= CLEAR_DIFFERENCE) continue;
      box.pixels++;
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minY = Math.min(box.minY, y);
      box.maxY = Math.max(box.maxY, y);
    }
  }
  return box;
}

/** Mean absolute difference per channel (0–255) between two pictures of the same size. */
function meanDifference(a: RawPicture, b: RawPicture): number {
  let sum = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[i * a.channels + c] ?? 0) - (b.data[i * b.channels + c] ?? 0));
  }
  return sum / (a.width * a.height * 3);
}

describe('a preview and the viewer’s first frame of the same model (one scene module)', () => {
  // Generous: the machine may be busy, and a slow start is no failure of what this compares.
  const renderer = new PreviewRenderer({ renderTimeoutMs: 120_000 });
  let browser: Browser;
  let script: string;

  beforeAll(async () => {
    script = await viewerScript();
    await renderer.start();
    browser = await chromium.launch({
      executablePath: renderer.chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([browser?.close(), renderer.close()]);
  });

  async function viewerFirstFrame(glb: Buffer): Promise<RawPicture> {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    try {
      await page.route(`${ORIGIN}/**`, (route) => {
        const file = new URL(route.request().url()).pathname;
        if (file === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGE });
        if (file === '/viewer.js') return route.fulfill({ contentType: 'text/javascript', body: script });
        if (file === '/model.glb') return route.fulfill({ contentType: 'model/gltf-binary', body: glb });
        return route.fulfill({ status: 404, body: 'not found' });
      });
      await page.goto(`${ORIGIN}/`, { timeout: 120_000 });
      await page.evaluate(
        (url) => (window as unknown as { showInViewer(url: string): Promise<boolean> }).showInViewer(url),
        `${ORIGIN}/model.glb`,
      );
      return await decodePicture(
        await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: SIZE, height: SIZE } }),
      );
    } finally {
      await page.close();
    }
  }

  async function expectAlike(glb: Buffer, background: 'light' | 'dark') {
    const preview = await decodePicture(await renderer.renderModel(glb, { size: SIZE }));
    const viewer = await viewerFirstFrame(glb);
    const corner = (p: RawPicture): [number, number, number] => [p.data[0] ?? 0, p.data[1] ?? 0, p.data[2] ?? 0];
    const [r, g, b] = corner(viewer);
    const [r0, g0, b0] = corner(preview);
    expect(Math.hypot(r - r0, g - g0, b - b0)).toBeLessThan(8);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b > 128 ? 'light' : 'dark').toBe(background);
    // The same framing: the model's box within 2 px, its area within 2 %.
    const [a, v] = [modelBox(preview), modelBox(viewer)];
    for (const key of ['minX', 'maxX', 'minY', 'maxY'] as const)
      expect(Math.abs(a[key] - v[key]), key).toBeLessThanOrEqual(2);
    expect(Math.abs(a.pixels - v.pixels) / v.pixels).toBeLessThan(0.02);
    // The same picture, up to the preview's WebP compression.
    expect(meanDifference(preview, viewer)).toBeLessThan(3);
  }

  it('shows an orange box on the light backdrop, framed alike', async () => {
    await expectAlike(await toGlb(boxDocument()), 'light');
  }, 300_000);

  it('shows a white box on the dark studio tone, framed alike', async () => {
    await expectAlike(await toGlb(boxDocument([0.95, 0.95, 0.95, 1])), 'dark');
  }, 300_000);

  it.skipIf(!HAVE_SAMPLES)(
    'shows a textured sample alike',
    async () => {
      await expectAlike(readFileSync(sample('glTF2/BoxTextured-glTF-Binary/BoxTextured.glb')), 'dark');
    },
    60_000,
  );
});
