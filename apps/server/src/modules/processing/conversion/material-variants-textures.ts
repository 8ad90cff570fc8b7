import { createHash } from 'node:crypto';
import type { Document, Texture } from '@gltf-transform/core';
import type { MaterialMapKind } from '@meshport/contract';
import sharp from 'sharp';

/** One map image of a finish, as stored (WebP for a company's materials). */
export interface MapImage {
  bytes: Uint8Array;
  mimeType: string;
}

/** The image types core glTF (PNG, JPEG) and EXT_texture_webp can carry, and sharp can decode for packing. */
const MAP_MIME_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The document's textures by content: an image met twice (two slots, two finishes, or a finish whose map the model
 * already embeds) becomes one Texture, so one image in the file. The packed metallic-roughness images are made
 * once per combination of sources.
 */
export class TexturePool {
  private readonly byContent = new Map<string, Texture>();
  private readonly packed = new Map<string, Promise<Texture>>();

  constructor(private readonly doc: Document) {
    for (const texture of doc.getRoot().listTextures()) {
      const image = texture.getImage();
      if (image) this.byContent.set(`${texture.getMimeType()} ${digest(image)}`, texture);
    }
  }

  /** The texture holding exactly these bytes, made (and named `name`) the first time. */
  texture(image: MapImage, name: string): Texture {
    if (!MAP_MIME_TYPES.has(image.mimeType)) {
      throw new Error(`${name}: a map of type ${image.mimeType} is not supported`);
    }
    const key = `${image.mimeType} ${digest(image.bytes)}`;
    let texture = this.byContent.get(key);
    if (!texture) {
      texture = this.doc.createTexture(name).setImage(image.bytes).setMimeType(image.mimeType);
      this.byContent.set(key, texture);
    }
    return texture;
  }

  /**
   * The glTF metallicRoughness texture of these sources: a packed map alone as it is, else `packMetallicRoughness`'s
   * image, made once per combination.
   */
  metallicRoughness(sources: MetallicRoughnessSources, name: string): Promise<Texture> {
    if (sources.packed && !sources.metallic && !sources.roughness) {
      return Promise.resolve(this.texture(sources.packed, name));
    }
    const key = (['packed', 'metallic', 'roughness'] as const)
      .map((kind) => {
        const image = sources[kind];
        return image ? `${kind}:${digest(image.bytes)}` : '';
      })
      .join(' ');
    let texture = this.packed.get(key);
    if (!texture) {
      texture = packMetallicRoughness(sources).then((webp) =>
        this.texture({ bytes: webp, mimeType: 'image/webp' }, name),
      );
      this.packed.set(key, texture);
    }
    return texture;
  }
}

export type MetallicRoughnessSources = {
  packed?: MapImage | undefined;
  metallic?: MapImage | undefined;
  roughness?: MapImage | undefined;
};

/** The three sources of one finish's metallicRoughness texture, taken from its maps. */
export function metallicRoughnessSources(
  maps: Partial<Record<MaterialMapKind, MapImage>>,
): MetallicRoughnessSources | null {
  const sources = { packed: maps.metallic_roughness, metallic: maps.metallic, roughness: maps.roughness };
  return sources.packed || sources.metallic || sources.roughness ? sources : null;
}

async function rgb(image: MapImage, width: number, height: number): Promise<Buffer> {
  return sharp(image.bytes).removeAlpha().toColourspace('srgb').resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

/**
 * One glTF metallicRoughness image (G roughness, B metal, R unused and white) from a finish's maps, read the way
 * the viewer reads them (packages/scene/src/material-sphere.ts): a separate map wins over the packed one for its
 * own channel, and three.js takes roughness from a map's G channel and metalness from its B channel, which for a
 * greyscale image is its grey. A channel without a source is white: its factor (roughness 0.5, metallic 0) then
 * stands alone. A packed map alone is used as it is, not through here. The images may differ in size: the result
 * has the largest width and height, the others stretched to it. Lossless WebP: lossy WebP's chroma subsampling
 * would mix the two channels.
 */
export async function packMetallicRoughness(sources: MetallicRoughnessSources): Promise<Uint8Array> {
  const images = [sources.packed, sources.metallic, sources.roughness].filter((image) => image !== undefined);
  const sizes = await Promise.all(images.map((image) => sharp(image.bytes).metadata()));
  const width = Math.max(...sizes.map((size) => size.width ?? 1));
  const height = Math.max(...sizes.map((size) => size.height ?? 1));
  const read = (image: MapImage | undefined) => (image ? rgb(image, width, height) : Promise.resolve(null));
  const [packed, metallic, roughness] = await Promise.all([
    read(sources.packed),
    read(sources.metallic),
    read(sources.roughness),
  ]);
  const out = Buffer.alloc(width * height * 3, 255);
  const g = roughness ?? packed;
  const b = metallic ?? packed;
  for (let i = 1; i < out.length; i += 3) {
    if (g) out[i] = g[i] as number;
    if (b) out[i + 1] = b[i + 1] as number;
  }
  const webp = await sharp(out, { raw: { width, height, channels: 3 } })
    .webp({ lossless: true, effort: 2 })
    .toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}
