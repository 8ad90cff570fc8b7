import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import type { MaterialFactors, MaterialMapName } from '@meshport/scene';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import sharp from 'sharp';
import { runtimeFile } from '#core/config/server-paths.ts';
import { basisTranscoderFile, PREVIEW_PAGE_HTML, previewPageScript } from './preview-bundle.ts';
import {
  type PageMaterialRequest,
  type PageModelRequest,
  type PageResult,
  PREVIEW_ORIGIN,
} from './preview-protocol.ts';

export interface PreviewOptions {
  /** Width and height in pixels; 512 by default. */
  size?: number;
  /**
   * `#rgb` or `#rrggbb`; `null` renders a transparent background. By default ('auto') the backdrop the viewer shows
   * the model on: the dark studio tone behind a light model, the light neutral one otherwise.
   */
  background?: string | null | 'auto';
}

export interface PreviewRendererOptions {
  /** Chromium's executable; defaults to env CHROMIUM_PATH, then /usr/bin/chromium. */
  chromiumPath?: string;
  /** A render taking longer is stopped and its page replaced; 30 000 ms by default. */
  renderTimeoutMs?: number;
  /**
   * The least niceness Chromium runs at (BACKGROUND_NICENESS): this process's by default. The
   * embedded database's one process answers requests at 0 and renders previews below them.
   */
  niceness?: number;
}

export type MaterialMapBuffers = Partial<Record<MaterialMapName, Buffer>>;
export type { MaterialFactors, MaterialMapName };

/** Previews cannot be made on this machine (no Chromium, or no WebGL in it): an operator's problem, not the file's. */
export class PreviewUnavailableError extends Error {
  override name = 'PreviewUnavailableError';
}

/** The input could not be drawn (the page's own message), or drawing it took too long. */
export class PreviewRenderError extends Error {
  override name = 'PreviewRenderError';
}

/** The browser died under a render: worth one retry in a fresh browser. */
class BrowserLostError extends Error {}

export const DEFAULT_PREVIEW_SIZE = 512;
const WEBP_QUALITY = 82;

const SETPRIV = '/usr/bin/setpriv';
const AT_OUR_PRIORITY = runtimeFile('modules/processing/preview/chromium-background.sh');

/**
 * How to start Chromium below the requests (decision 0028): at `niceness` or this process's,
 * whichever is higher. Run as root, Chromium raises its browser and GPU processes to -8, so it
 * is started through `chromium-background.sh`, which takes that ability away (`setpriv`) and
 * lowers it by what is missing (`nice`). Otherwise it starts as it is.
 */
function launchAtOurPriority(
  chromiumPath: string,
  niceness: number,
): { executablePath: string; env?: Record<string, string> } {
  const by = Math.max(0, Math.min(19, niceness) - os.getPriority());
  const mayRaise = process.getuid?.() === 0 && existsSync(SETPRIV);
  if (!mayRaise && by === 0) return { executablePath: chromiumPath };
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return {
    executablePath: AT_OUR_PRIORITY,
    env: {
      ...env,
      MESHPORT_CHROMIUM: chromiumPath,
      MESHPORT_NICE_BY: String(by),
      MESHPORT_DROP_SYS_NICE: mayRaise ? '1' : '0',
    },
  };
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL without a GPU: ANGLE on SwiftShader, Chromium's CPU implementation of Vulkan/GL.
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

interface Input {
  body: Buffer;
  contentType: string;
}

interface View {
  size: number;
  background: string | null | 'auto';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function viewOf(options: PreviewOptions): View {
  const size = options.size ?? DEFAULT_PREVIEW_SIZE;
  if (!Number.isInteger(size) || size < 16 || size > 4096) {
    throw new RangeError(`A preview's size must be a whole number of pixels from 16 to 4096, not ${size}.`);
  }
  const background = options.background === undefined ? 'auto' : options.background;
  if (background !== null && background !== 'auto' && !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(background)) {
    throw new RangeError(`A preview's background must be a colour such as #eceef1, not "${background}".`);
  }
  return { size, background };
}

/**
 * Renders previews of models and materials in headless Chromium (WebGL on SwiftShader, no GPU needed) with the
 * scene set-up of the web viewer (@meshport/scene). One browser and one page are kept warm; renders run one at
 * a time. A hung render is stopped after `renderTimeoutMs` and its page replaced; a browser that died is
 * relaunched by the next render.
 */
export class PreviewRenderer {
  readonly chromiumPath: string;
  private readonly niceness: number;
  /** May be changed between renders. */
  renderTimeoutMs: number;
  private browser: Browser | null = null;
  private page: Page | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inputs = new Map<string, Input>();
  private closed = false;

  constructor(options: PreviewRendererOptions = {}) {
    this.chromiumPath = options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    this.renderTimeoutMs = options.renderTimeoutMs ?? 30_000;
    this.niceness = options.niceness ?? 0;
  }

  /** Launches Chromium and opens the preview page, so the first render is warm. */
  async start(): Promise<void> {
    this.closed = false;
    await this.enqueue(() => this.ensurePage(DEFAULT_PREVIEW_SIZE));
  }

  /** A WebP preview of a binary glTF (meshopt-compressed or not; meshes, lines or points). */
  async renderModel(glb: Buffer, options: PreviewOptions = {}): Promise<Buffer> {
    const view = viewOf(options);
    if (glb.length < 12 || glb.toString('latin1', 0, 4) !== 'glTF') {
      throw new PreviewRenderError('The model could not be rendered: it is not a binary glTF (GLB) file.');
    }
    return this.render(
      view,
      'The model',
      { 'model.glb': { body: glb, contentType: 'model/gltf-binary' } },
      (page, urls) => {
        const request: PageModelRequest = { ...view, url: urls['model.glb'] ?? '' };
        return page.evaluate(
          (r) =>
            window.meshportPreview?.renderModel(r) ?? {
              ok: false,
              message: 'the preview page is not ready',
            },
          request,
        );
      },
    );
  }

  /** A WebP preview of a material on a sphere, from its texture images (PNG, JPEG, WebP) and glTF-style factors. */
  async renderMaterial(
    maps: MaterialMapBuffers,
    factors: MaterialFactors = {},
    options: PreviewOptions = {},
  ): Promise<Buffer> {
    const view = viewOf(options);
    const files: Record<string, Input> = {};
    for (const [name, body] of Object.entries(maps)) {
      if (body) files[name] = { body, contentType: 'application/octet-stream' };
    }
    return this.render(view, 'The material', files, (page, urls) => {
      const request: PageMaterialRequest = { ...view, maps: urls, factors };
      return page.evaluate(
        (r) =>
          window.meshportPreview?.renderMaterial(r) ?? {
            ok: false,
            message: 'the preview page is not ready',
          },
        request,
      );
    });
  }

  /** Chromium's process id while it runs (for diagnostics, and for tests that kill it). */
  async browserProcessId(): Promise<number | undefined> {
    if (!this.browser?.isConnected()) return undefined;
    const session = await this.browser.newBrowserCDPSession();
    try {
      const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      return info.processInfo.find((process) => process.type === 'browser')?.id;
    } finally {
      await session.detach().catch(() => undefined);
    }
  }

  /** Stops Chromium at once (a render in progress fails); the renderer can be started again. */
  async close(): Promise<void> {
    this.closed = true;
    await this.discardBrowser();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private render(
    view: View,
    subject: string,
    files: Record<string, Input>,
    draw: (page: Page, urls: Record<string, string>) => Promise<PageResult>,
  ): Promise<Buffer> {
    return this.enqueue(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.attempt(view, subject, files, draw);
        } catch (error) {
          if (!(error instanceof BrowserLostError)) throw error;
          if (attempt >= 2)
            throw new PreviewRenderError(
              `${subject} could not be rendered: the browser stopped twice (${error.message}).`,
            );
        }
      }
    });
  }

  private async attempt(
    view: View,
    subject: string,
    files: Record<string, Input>,
    draw: (page: Page, urls: Record<string, string>) => Promise<PageResult>,
  ): Promise<Buffer> {
    if (this.closed) throw new Error('The preview renderer has been closed.');
    const id = randomUUID();
    const urls: Record<string, string> = {};
    for (const [name, input] of Object.entries(files)) {
      const path = `/inputs/${id}/${name}`;
      this.inputs.set(path, input);
      urls[name] = `${PREVIEW_ORIGIN}${path}`;
    }
    let page: Page | null = null;
    try {
      const current = await this.ensurePage(view.size);
      page = current;
      const png = await this.withTimeout(current, async () => {
        const result = await draw(current, urls);
        if (!result.ok) throw new PreviewRenderError(`${subject} could not be rendered: ${result.message}`);
        return current.screenshot({
          type: 'png',
          omitBackground: view.background === null,
          clip: { x: 0, y: 0, width: view.size, height: view.size },
          timeout: this.renderTimeoutMs,
        });
      });
      return await sharp(png).webp({ quality: WEBP_QUALITY }).toBuffer();
    } catch (error) {
      if (error instanceof PreviewRenderError || error instanceof PreviewUnavailableError) throw error;
      if (this.closed) throw new Error('The preview renderer was closed during the render.');
      if (!page || this.page !== page || page.isClosed() || !this.browser?.isConnected()) {
        await this.discardBrowser();
        throw new BrowserLostError(messageOf(error).split('\n')[0]);
      }
      throw error;
    } finally {
      for (const name of Object.keys(files)) this.inputs.delete(`/inputs/${id}/${name}`);
    }
  }

  private async withTimeout<T>(page: Page, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (this.page === page) this.page = null;
        void page.close().catch(() => undefined);
        const seconds = Math.round(this.renderTimeoutMs / 100) / 10;
        reject(new PreviewRenderError(`Rendering the preview took longer than ${seconds} s and was stopped.`));
      }, this.renderTimeoutMs);
    });
    try {
      return await Promise.race([work(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async ensurePage(size: number): Promise<Page> {
    if (!this.browser?.isConnected()) {
      this.page = null;
      const browser = await this.launch();
      if (this.closed) {
        await browser.close();
        throw new Error('The preview renderer has been closed.');
      }
      this.browser = browser;
    }
    if (!this.page || this.page.isClosed()) this.page = await this.openPage(this.browser);
    const viewport = this.page.viewportSize();
    if (viewport?.width !== size || viewport.height !== size)
      await this.page.setViewportSize({ width: size, height: size });
    return this.page;
  }

  private async launch(): Promise<Browser> {
    if (!existsSync(this.chromiumPath)) {
      throw new PreviewUnavailableError(
        `Previews need Chromium, which was not found at ${this.chromiumPath}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
      );
    }
    // Bundle the page while Chromium starts (the bundle is cached; openPage reports a failure).
    previewPageScript().catch(() => undefined);
    let browser: Browser;
    try {
      browser = await chromium.launch({
        ...launchAtOurPriority(this.chromiumPath, this.niceness),
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: this.renderTimeoutMs,
      });
    } catch (error) {
      const reason = messageOf(error).split('\n')[0];
      throw new PreviewUnavailableError(
        `Chromium at ${this.chromiumPath} could not be started (${reason}). Set CHROMIUM_PATH to a working Chromium executable.`,
      );
    }
    browser.on('disconnected', () => {
      if (this.browser !== browser) return;
      this.browser = null;
      this.page = null;
    });
    return browser;
  }

  private async openPage(browser: Browser): Promise<Page> {
    const script = await previewPageScript();
    const page = await browser.newPage({
      viewport: { width: DEFAULT_PREVIEW_SIZE, height: DEFAULT_PREVIEW_SIZE },
      deviceScaleFactor: 1,
    });
    page.on('crash', () => {
      if (this.page === page) this.page = null;
    });
    let failure: string | null;
    try {
      await page.route(`${PREVIEW_ORIGIN}/**`, (route) => this.serve(route, script));
      await page.goto(`${PREVIEW_ORIGIN}/`, { timeout: this.renderTimeoutMs });
      failure = await page.evaluate(() => {
        const target = window;
        return target.meshportPreview ? null : (target.meshportPreviewFailure ?? 'the page script did not start');
      });
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
    if (failure !== null) {
      await page.close();
      throw new PreviewUnavailableError(`Chromium at ${this.chromiumPath} cannot draw previews (WebGL): ${failure}.`);
    }
    return page;
  }

  private async serve(route: Route, script: string): Promise<void> {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: PREVIEW_PAGE_HTML });
    if (path === '/preview.js') return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script });
    const input = this.inputs.get(path);
    if (input) return route.fulfill({ contentType: input.contentType, body: input.body });
    const transcoder = await basisTranscoderFile(path);
    if (transcoder) return route.fulfill(transcoder);
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  }

  private async discardBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.page = null;
    await browser?.close().catch(() => undefined);
  }
}
