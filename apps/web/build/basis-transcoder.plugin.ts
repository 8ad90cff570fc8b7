import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** three's Basis Universal transcoder, for the viewer's KTX2Loader (decision 0036): served by us, never a CDN. */
const FILES: Record<string, string> = {
  'basis_transcoder.js': 'text/javascript',
  'basis_transcoder.wasm': 'application/wasm',
};
const URL_FOLDER = 'basis';

const read = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`three/examples/jsm/libs/basis/${name}`));

/**
 * Puts the transcoder of the installed three under `/basis/` (the scene module's `BASIS_TRANSCODER_PATH`): emitted
 * with the build, answered by the dev server. The same version as the KTX2Loader that loads it.
 */
export function basisTranscoder(): Plugin {
  return {
    name: 'meshport-basis-transcoder',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.split('?')[0]?.replace(`/${URL_FOLDER}/`, '');
        const type = name ? FILES[name] : undefined;
        if (!request.url?.startsWith(`/${URL_FOLDER}/`) || !name || !type) return next();
        response.setHeader('content-type', type);
        response.end(read(name));
      });
    },
    generateBundle() {
      for (const name of Object.keys(FILES)) {
        this.emitFile({ type: 'asset', fileName: `${URL_FOLDER}/${name}`, source: read(name) });
      }
    },
  };
}
