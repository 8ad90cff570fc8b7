import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COMPILED, DIST_DIR, SERVER_ROOT } from '#core/config/server-paths.ts';
import { PREVIEW_ORIGIN } from './preview-protocol.ts';

const ENTRY = path.join(SERVER_ROOT, 'src/modules/processing/preview/preview-page.browser.ts');
/** The page's script in the build (dist/), bundled once by scripts/build.mjs with `bundlePreviewPage`. */
export const BUILT_PREVIEW_PAGE = 'preview-page.js';

export const PREVIEW_PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
canvas { display: block; }
</style></head>
<body><canvas id="view"></canvas><script src="/preview.js"></script></body></html>`;

/** three's Basis transcoder, which the page's KTX2Loader fetches from `/basis/` (decision 0036). */
const BASIS_FILES: Record<string, { specifier: string; contentType: string }> = {
  '/basis/basis_transcoder.js': {
    specifier: 'three/examples/jsm/libs/basis/basis_transcoder.js',
    contentType: 'text/javascript; charset=utf-8',
  },
  '/basis/basis_transcoder.wasm': {
    specifier: 'three/examples/jsm/libs/basis/basis_transcoder.wasm',
    contentType: 'application/wasm',
  },
};
const basisFiles = new Map<string, Promise<Buffer>>();

/** The transcoder file the page asks for at `urlPath`, or null when it is not one of them. */
export async function basisTranscoderFile(urlPath: string): Promise<{ contentType: string; body: Buffer } | null> {
  const file = BASIS_FILES[urlPath];
  if (!file) return null;
  let body = basisFiles.get(urlPath);
  if (!body) {
    body = readFile(createRequire(import.meta.url).resolve(file.specifier));
    basisFiles.set(urlPath, body);
  }
  return { contentType: file.contentType, body: await body };
}

let bundle: Promise<string> | null = null;

/**
 * The preview page's script (three.js and the shared scene module), once per process: the build's file
 * in the compiled server, which runs no bundler; bundled in memory from the sources otherwise.
 */
export function previewPageScript(): Promise<string> {
  bundle ??= (COMPILED ? readFile(path.join(DIST_DIR, BUILT_PREVIEW_PAGE), 'utf8') : bundlePreviewPage()).catch(
    (error: unknown) => {
      bundle = null;
      throw error;
    },
  );
  return bundle;
}

/** Bundles the page from the sources; scripts/build.mjs writes its result into the build. */
export async function bundlePreviewPage(): Promise<string> {
  // Imported here, not at the top: the compiled server never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    // An IIFE has no import.meta: three's KTX2Loader builds its default transcoder URL from it at load time.
    define: { 'import.meta.url': JSON.stringify(`${PREVIEW_ORIGIN}/preview.js`) },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('Bundling the preview page produced no output.');
  return output.text;
}
