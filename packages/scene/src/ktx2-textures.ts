import type * as THREE from 'three';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';

/** Where the Basis transcoder (three's `examples/jsm/libs/basis/`) is served: by the web build and the preview page. */
export const BASIS_TRANSCODER_PATH = '/basis/';

/**
 * A loader for KTX2 / Basis textures (KHR_texture_basisu), transcoded in workers to the best format `renderer`
 * supports. Make one per renderer, pass it to `loadGlb`, and `dispose()` it with the renderer.
 */
export function createKtx2Loader(renderer: THREE.WebGLRenderer, transcoderPath = BASIS_TRANSCODER_PATH): KTX2Loader {
  return new KTX2Loader().setTranscoderPath(transcoderPath).setWorkerLimit(1).detectSupport(renderer);
}

export type { KTX2Loader };
