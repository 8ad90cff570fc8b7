import * as THREE from 'three';
import { CONTEXT_ATTRIBUTES, takeProbedSurface } from './webgl-surface.ts';

/** Renderers of closed viewers, each with its context and compiled shaders, for the next viewer (webgl-surface.ts). */
const idle: THREE.WebGLRenderer[] = [];

/** A renderer for a viewer: a closed viewer's, else one on the probed context, else a new one. */
export function takeRenderer(): THREE.WebGLRenderer {
  const kept = idle.pop();
  if (kept) return kept;
  const surface = takeProbedSurface();
  return new THREE.WebGLRenderer(
    surface ? { canvas: surface.canvas, context: surface.context } : { antialias: CONTEXT_ATTRIBUTES.antialias },
  );
}

/**
 * Back from a viewer whose scene, textures and loaders are disposed: taken off the page, its GL state as new,
 * kept unless its context was lost.
 */
export function releaseRenderer(renderer: THREE.WebGLRenderer): void {
  renderer.setAnimationLoop(null);
  renderer.xr.enabled = false;
  renderer.renderLists.dispose();
  renderer.resetState();
  renderer.domElement.remove();
  if (renderer.getContext().isContextLost()) renderer.dispose();
  else idle.push(renderer);
}
