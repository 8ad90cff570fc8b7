import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files the browser loads before anything shows: worth sending compressed. */
const COMPRESSIBLE = /\.(js|css|svg|html|json|wasm)$/;
/** Below this, compressing gains too little to keep a second file. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` beside every script, style sheet and page of the build, which the server sends
 * (`@fastify/static`'s `preCompressed`) to a browser that accepts them: three.js is 0.7 MB as it is, 0.14 MB
 * gzipped, which on a phone's network is most of the share page's wait for its model (issue 30).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'meshport-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(outDir, name);
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
