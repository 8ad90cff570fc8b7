/** How this device shows a model in the room: Apple's AR Quick Look, WebXR, or not at all. */
export type ArMode = 'quick-look' | 'webxr';

interface XrLike {
  isSessionSupported(mode: string): Promise<boolean>;
}

/**
 * iOS and iPadOS Safari open a USDZ behind `<a rel="ar">` in AR Quick Look (their `relList`
 * says so); Android Chrome offers WebXR `immersive-ar`. Anything else has no AR, and the
 * 'View in your space' button stays hidden.
 */
export async function detectArMode(): Promise<ArMode | null> {
  if (typeof document === 'undefined') return null;
  const anchor = document.createElement('a');
  if (anchor.relList?.supports?.('ar') && isAppleMobile()) return 'quick-look';
  const xr = (navigator as Navigator & { xr?: XrLike }).xr;
  if (!xr) return null;
  try {
    return (await xr.isSessionSupported('immersive-ar')) ? 'webxr' : null;
  } catch {
    return null;
  }
}

/** iPhone, iPod, or an iPad (which calls itself a Mac but has a touch screen). */
function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}
