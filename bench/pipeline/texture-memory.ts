import { ImageUtils } from '@gltf-transform/core';
import { gltfIO } from '../../apps/server/src/modules/processing/conversion/gltf-io.ts';

/** GPU memory of a GLB's textures once uploaded, with full mip chains (decision 0036). */
export interface TextureMemory {
  textures: number;
  /** KTX2 textures among them (kept GPU-compressed). */
  ktx2: number;
  /** As drawn: KTX2 at its transcoded block size over its own levels, every other image as RGBA8. */
  gpuBytes: number;
  /** Every texture as RGBA8: what the same pixels cost decoded from WebP, PNG or JPEG. */
  rgba8Bytes: number;
}

/** RGBA8 over the full mip chain down to 1×1, as glTF-Transform's ImageUtils counts an uncompressed image. */
function rgba8MipChain(width: number, height: number): number {
  let bytes = 0;
  let w = width;
  let h = height;
  while (w > 1 || h > 1) {
    bytes += w * h * 4;
    w = Math.max(Math.floor(w / 2), 1);
    h = Math.max(Math.floor(h / 2), 1);
  }
  return bytes + 4;
}

/**
 * The GPU texture memory of a GLB, by glTF-Transform's own estimate (`ImageUtils.getVRAMByteLength`, what
 * `gltf-transform inspect` prints as GPU size): KTX2 / Basis in 4×4 blocks of 8 bytes (BC1 / ETC1, no alpha)
 * or 16 bytes (BC7 / ASTC, alpha) over the levels the file carries, any other image RGBA8 with mipmaps.
 * Decision 0036's one-off figures followed the same rules except two small ones: UASTC without alpha counts
 * 8 bytes a block here (16 there), and levels below 4 px count fractional blocks. Reading with every
 * extension registers the KTX2 and WebP formats with ImageUtils.
 */
export async function textureMemory(glb: string): Promise<TextureMemory> {
  const doc = await (await gltfIO()).read(glb);
  const memory: TextureMemory = { textures: 0, ktx2: 0, gpuBytes: 0, rgba8Bytes: 0 };
  for (const texture of doc.getRoot().listTextures()) {
    const image = texture.getImage();
    const mimeType = texture.getMimeType();
    if (!image) continue;
    const size = ImageUtils.getSize(image, mimeType);
    const rgba8 = size ? rgba8MipChain(size[0], size[1]) : 0;
    memory.textures += 1;
    if (mimeType === 'image/ktx2') memory.ktx2 += 1;
    memory.gpuBytes += ImageUtils.getVRAMByteLength(image, mimeType) ?? rgba8;
    memory.rgba8Bytes += rgba8;
  }
  return memory;
}
