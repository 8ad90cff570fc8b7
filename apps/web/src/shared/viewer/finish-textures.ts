import * as THREE from 'three';

/** A decoded map, what a texture uploads: in the browser an image bitmap or an image element. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
}

/** Fetches and decodes one map; rejects when it cannot (aborted with `signal`). */
export type ImageDecoder = (url: string, signal: AbortSignal) => Promise<DecodedImage>;

/** A map that could not be fetched: `status` 0 when there was no answer. */
export class FinishMapError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`The map ${url} answered ${status}`);
  }
}

/**
 * How many bytes of decoded maps the cache keeps, those on show counted: 256 MiB, some twelve maps of
 * 2048 × 2048 (RGBA with mipmaps), two finishes of five such maps besides the one shown. A model with a few slots
 * and many finishes would otherwise keep every map it ever showed, on the GPU and in memory.
 */
export const TEXTURE_BUDGET_BYTES = 256 * 2 ** 20;

/** What a decoded map takes in memory once uploaded: RGBA, with its mipmaps. */
export const imageBytes = (image: { width: number; height: number }) => image.width * image.height * 4 * (4 / 3);

interface Entry {
  texture: THREE.Texture;
  bytes: number;
}

/**
 * The finishes' maps as textures, by address: each is fetched and decoded once (off the main thread where the
 * browser can), and kept, so that a finish shown before comes back in the same frame. The least recently used
 * are dropped over `budgetBytes`, never one on show.
 */
export class FinishTextures {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<THREE.Texture>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly decode: ImageDecoder = decodeMap,
    private readonly budgetBytes = TEXTURE_BUDGET_BYTES,
  ) {}

  /** The texture of `url` when it is decoded (and then the most recently used), else undefined. */
  get(url: string): THREE.Texture | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    this.entries.set(url, entry);
    return entry.texture;
  }

  /** The texture of `url`, fetched and decoded once however many ask. */
  load(url: string): Promise<THREE.Texture> {
    const kept = this.get(url);
    if (kept) return Promise.resolve(kept);
    const running = this.loading.get(url);
    if (running) return running;
    const promise = this.decode(url, this.abort.signal)
      .then((image) => {
        if (this.abort.signal.aborted) {
          release(image);
          throw new DOMException('The viewer closed', 'AbortError');
        }
        // glTF's convention (an image bitmap cannot be flipped on upload anyway); the USD exporter reads it too.
        const texture = new THREE.Texture(image);
        texture.flipY = false;
        texture.needsUpdate = true;
        this.entries.set(url, { texture, bytes: imageBytes(image) });
        return texture;
      })
      .finally(() => this.loading.delete(url));
    this.loading.set(url, promise);
    return promise;
  }

  /** Drops the least recently used textures until the cache is within its budget; returns those dropped. */
  trim(onShow: (texture: THREE.Texture) => boolean): THREE.Texture[] {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    const dropped: THREE.Texture[] = [];
    for (const [url, entry] of this.entries) {
      if (total <= this.budgetBytes) break;
      if (onShow(entry.texture)) continue;
      this.entries.delete(url);
      total -= entry.bytes;
      dropTexture(entry.texture);
      dropped.push(entry.texture);
    }
    return dropped;
  }

  /** The decoded bytes kept. */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  /** Stops every fetch and frees every texture. */
  dispose(): void {
    this.abort.abort();
    for (const entry of this.entries.values()) dropTexture(entry.texture);
    this.entries.clear();
  }
}

function release(image: unknown): void {
  if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) image.close();
}

function dropTexture(texture: THREE.Texture): void {
  texture.dispose();
  release(texture.image);
}

/**
 * Fetches a map and decodes it to an image bitmap as GLTFLoader does (no premultiplied alpha, no colour
 * conversion: a map's values are data); where bitmaps are unreliable (Safari before 17, Firefox before 98, the
 * browsers GLTFLoader also leaves out), or the browser refuses the options, to an image element.
 */
export async function decodeMap(url: string, signal: AbortSignal): Promise<ImageBitmap | HTMLImageElement> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FinishMapError(url, 0);
  }
  if (!response.ok) throw new FinishMapError(url, response.status);
  const blob = await response.blob();
  if (bitmapsAreReliable()) {
    try {
      return await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch {
      // Decoded below.
    }
  }
  const address = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = address;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(address);
  }
}

function bitmapsAreReliable(): boolean {
  if (typeof createImageBitmap === 'undefined') return false;
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const safari = /^((?!chrome|android).)*safari/i.test(agent) ? Number(/Version\/(\d+)/.exec(agent)?.[1] ?? -1) : null;
  const firefox = agent.includes('Firefox') ? Number(/Firefox\/(\d+)\./.exec(agent)?.[1] ?? -1) : null;
  return !(safari !== null && safari < 17) && !(firefox !== null && firefox < 98);
}
