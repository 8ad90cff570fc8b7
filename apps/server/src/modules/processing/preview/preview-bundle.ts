import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./preview-page.browser.ts', import.meta.url));

export const PREVIEW_PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
canvas { display: block; }
</style></head>
<body><canvas id="view"></canvas><script src="/preview.js"></script></body></html>`;

let bundle: Promise<string> | null = null;

/** The preview page's script (three.js and the shared scene module), bundled in memory once per process. */
export function previewPageScript(): Promise<string> {
  bundle ??= bundlePage().catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  return bundle;
}

async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('Bundling the preview page produced no output.');
  return output.text;
}
