/**
 * The page's WebGL contexts are kept, not thrown away. In a browser that draws in software (no GPU, as
 * Chromium's SwiftShader on a virtual desktop or a locked-down office PC), losing a context after anything
 * was drawn took ~4 s of both cores, measured with `loseContext()`; so does each context past the browser's
 * sixteen, which it drops for us. Opening a viewer after another paid that twice (the probe below and the
 * previous viewer's context): the page froze for seconds on every model.
 *
 * So the context that answers "is there WebGL?" is made with the attributes three.js asks for and becomes the
 * first viewer's (`takeProbedSurface`), and a closed viewer's renderer waits for the next one (renderer-pool.ts).
 * No three.js here: the viewer asks before three is loaded.
 */

/** three.js's WebGLRenderer defaults, with the viewer's antialiasing. */
export const CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: true,
  stencil: false,
  antialias: true,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'default',
  failIfMajorPerformanceCaveat: false,
};

export interface WebGlSurface {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
}

let available: boolean | undefined;
let probed: WebGlSurface | null = null;

/** Whether this browser can make a WebGL 2 context (what three.js needs); asked once per page. */
export function hasWebGl(): boolean {
  if (available === undefined) {
    try {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
      probed = context ? { canvas, context } : null;
      available = context !== null;
    } catch {
      available = false;
    }
  }
  return available;
}

/** The probe's canvas and context, once: the first renderer draws on them. */
export function takeProbedSurface(): WebGlSurface | null {
  const surface = probed;
  probed = null;
  return surface && !surface.context.isContextLost() ? surface : null;
}
