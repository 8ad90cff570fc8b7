import path from 'node:path';
import type { Document, Texture } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import { ImageError } from './image-error.ts';
import { imageToWebp } from './texture-images.ts';

function textureLabel(texture: Texture, index: number) {
  const raw = texture.getURI() || texture.getName() || `texture ${index + 1}`;
  return path.posix.basename(raw.replaceAll('\\', '/'));
}

const KTX2_IDENTIFIER = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];

function isKtx2(bytes: Uint8Array) {
  return bytes.byteLength > 80 && KTX2_IDENTIFIER.every((b, i) => bytes[i] === b);
}

/** Runs `work` over `items` with at most `limit` at once: big images are decoded in memory. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

/**
 * Every texture → WebP of at most 2048 px (TGA and BMP decoded here, sharp for the rest); KTX2 textures stay KTX2.
 * Textures that are empty (not found), unreadable or over the pixel cap are left out with a warning.
 */
export async function texturesToWebp(doc: Document, warnings: string[]): Promise<void> {
  const textures = doc.getRoot().listTextures();
  let converted = 0;
  await eachLimited(textures, 2, async (texture, i) => {
    const image = texture.getImage();
    const label = textureLabel(texture, i);
    if (!image || image.byteLength === 0) {
      // Not found: the importer has warned already.
      texture.dispose();
      return;
    }
    if (texture.getMimeType() === 'image/ktx2') {
      // Already GPU-compressed (KHR_texture_basisu): kept as it is (decision 0035).
      if (!isKtx2(image)) {
        warnings.push(`The KTX2 texture ${label} is damaged; the texture was left out`);
        texture.dispose();
      }
      return;
    }
    try {
      const webp = await imageToWebp(image, label);
      const stem = path.posix.basename(label, path.posix.extname(label)) || `texture-${i + 1}`;
      texture.setImage(webp.data).setMimeType('image/webp').setURI(`${stem}.webp`);
      converted++;
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      warnings.push(`${error.message}; the texture was left out`);
      texture.dispose();
    }
  });
  if (converted > 0) doc.createExtension(EXTTextureWebP).setRequired(true);
}
