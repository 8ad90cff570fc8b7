import path from 'node:path';
import sharp from 'sharp';
import { ImageError } from './image-error.ts';
import { bmpSize, decodeBmp, decodeTga, type RawImage, tgaSize } from './raw-image-decoders.ts';

/** Largest image we decode, in pixels (checked from the header before decoding). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Longest side of textures we output. */
export const MAX_TEXTURE_SIDE = 2048;

export { ImageError };

type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'bmp' | 'tga' | 'unknown';

export function imageFormat(bytes: Uint8Array, name = ''): ImageFormat {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) return 'webp';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'gif';
  if ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 42) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 42)) return 'tiff';
  if (b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  if (path.extname(name).toLowerCase() === '.tga' || tgaSize(bytes)) return 'tga';
  return 'unknown';
}

const MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  tga: 'image/x-tga',
  unknown: 'application/octet-stream',
};

export function imageMimeType(bytes: Uint8Array, name = ''): string {
  return MIME[imageFormat(bytes, name)];
}

/** Width and height from the header, without decoding pixels. */
export async function imageSize(bytes: Uint8Array, name = ''): Promise<{ width: number; height: number }> {
  const format = imageFormat(bytes, name);
  if (format === 'tga' || format === 'bmp') {
    const size = format === 'tga' ? tgaSize(bytes) : bmpSize(bytes);
    if (!size) throw new ImageError('imageUnsupportedVariant', { fileName: name });
    return size;
  }
  if (format === 'unknown') {
    throw name ? new ImageError('imageUnknownFormat', { fileName: name }) : new ImageError('imageUnknownFormatUnnamed');
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch {
    throw new ImageError('imageDamaged', { fileName: name });
  }
}

/**
 * One image (PNG, JPEG, WebP, GIF, TIFF, BMP, TGA) → WebP of at most `maxSide` px. Refuses images over
 * MAX_IMAGE_PIXELS before decoding. Errors are ImageError, by message code.
 */
export async function imageToWebp(
  bytes: Uint8Array,
  name: string,
  options: { maxSide?: number; quality?: number; lossless?: boolean } = {},
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const display = path.posix.basename(name.replaceAll('\\', '/'));
  const { width, height } = await imageSize(bytes, display);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageError('imageTooLarge', {
      fileName: display,
      widthNumber: width,
      heightNumber: height,
      limitNumber: MAX_IMAGE_PIXELS / 1_000_000,
    });
  }
  const format = imageFormat(bytes, name);
  let input: ReturnType<typeof sharp>;
  try {
    if (format === 'tga' || format === 'bmp') {
      const raw: RawImage = format === 'tga' ? decodeTga(bytes) : decodeBmp(bytes);
      input = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
    } else {
      input = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
    }
    const maxSide = options.maxSide ?? MAX_TEXTURE_SIDE;
    const { data, info } = await input
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality ?? 85, lossless: options.lossless ?? false, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError('imageUnsupportedVariant', { fileName: display });
  }
}
