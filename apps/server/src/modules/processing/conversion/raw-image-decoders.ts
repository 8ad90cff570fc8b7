import { ImageError } from './image-error.ts';

/** Decoded pixels, RGBA 8-bit, rows top to bottom. */
export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const TGA_TYPES = new Set([1, 2, 3, 9, 10, 11]);

/** Dimensions of a plausible TGA header, or null. */
export function tgaSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 18) return null;
  const colorMapType = b[1] ?? 255;
  const type = b[2] ?? 0;
  const width = (b[12] ?? 0) | ((b[13] ?? 0) << 8);
  const height = (b[14] ?? 0) | ((b[15] ?? 0) << 8);
  const depth = b[16] ?? 0;
  if (colorMapType > 1 || !TGA_TYPES.has(type) || width === 0 || height === 0) return null;
  if (![8, 15, 16, 24, 32].includes(depth)) return null;
  return { width, height };
}

const damaged = () => new ImageError('imageTgaDamaged');

/** Decodes TGA: true colour, grey and colour-mapped, uncompressed or RLE, 15/16/24/32 bit, either origin. */
export function decodeTga(b: Uint8Array): RawImage {
  const size = tgaSize(b);
  if (!size) throw damaged();
  const { width, height } = size;
  const idLength = b[0] ?? 0;
  const type = b[2] ?? 0;
  const mapFirst = (b[3] ?? 0) | ((b[4] ?? 0) << 8);
  const mapLength = (b[5] ?? 0) | ((b[6] ?? 0) << 8);
  const mapDepth = b[7] ?? 0;
  const depth = b[16] ?? 0;
  const descriptor = b[17] ?? 0;
  const alphaBits = descriptor & 0x0f;
  const topToBottom = (descriptor & 0x20) !== 0;
  const rightToLeft = (descriptor & 0x10) !== 0;
  const colorMapped = type === 1 || type === 9;
  const grey = type === 3 || type === 11;
  const rle = type >= 9;
  let pos = 18 + idLength;
  const mapBytes = b[1] === 1 ? mapLength * Math.ceil(mapDepth / 8) : 0;
  const map = b.subarray(pos, pos + mapBytes);
  pos += mapBytes;
  const bpp = Math.ceil(depth / 8);
  const count = width * height;
  // Pixel values in file order, expanded to RGBA.
  const pixels = new Uint8Array(count * 4);
  const readColor = (src: Uint8Array, at: number, bytes: number, out: number, useAlpha: boolean) => {
    if (bytes === 1) {
      const v = src[at] ?? 0;
      pixels[out] = v;
      pixels[out + 1] = v;
      pixels[out + 2] = v;
      pixels[out + 3] = 255;
    } else if (bytes === 2) {
      const v = (src[at] ?? 0) | ((src[at + 1] ?? 0) << 8);
      pixels[out] = ((v >> 10) & 31) * 8.226;
      pixels[out + 1] = ((v >> 5) & 31) * 8.226;
      pixels[out + 2] = (v & 31) * 8.226;
      pixels[out + 3] = useAlpha && depth === 16 && alphaBits > 0 && (v & 0x8000) === 0 ? 0 : 255;
    } else {
      pixels[out] = src[at + 2] ?? 0;
      pixels[out + 1] = src[at + 1] ?? 0;
      pixels[out + 2] = src[at] ?? 0;
      pixels[out + 3] = bytes === 4 && useAlpha ? (src[at + 3] ?? 255) : 255;
    }
  };
  const writePixel = (i: number, at: number) => {
    if (at + bpp > b.length) throw damaged();
    if (colorMapped) {
      const index = (bpp === 1 ? (b[at] ?? 0) : (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)) - mapFirst;
      if (index < 0 || index >= mapLength) throw damaged();
      const entry = Math.ceil(mapDepth / 8);
      readColor(map, index * entry, entry, i * 4, alphaBits > 0 || mapDepth === 32);
    } else if (grey) {
      readColor(b, at, 1, i * 4, false);
    } else {
      readColor(b, at, bpp, i * 4, alphaBits > 0);
    }
  };
  if (!rle) {
    if (pos + count * bpp > b.length) throw damaged();
    for (let i = 0; i < count; i++) writePixel(i, pos + i * bpp);
  } else {
    let i = 0;
    while (i < count) {
      if (pos >= b.length) throw damaged();
      const header = b[pos++] ?? 0;
      const run = (header & 0x7f) + 1;
      if (i + run > count) throw damaged();
      if (header & 0x80) {
        writePixel(i, pos);
        for (let k = 1; k < run; k++) pixels.copyWithin((i + k) * 4, i * 4, i * 4 + 4);
        pos += bpp;
      } else {
        for (let k = 0; k < run; k++) writePixel(i + k, pos + k * bpp);
        pos += run * bpp;
      }
      i += run;
    }
  }
  if (topToBottom && !rightToLeft) return { width, height, data: pixels };
  const data = new Uint8Array(count * 4);
  for (let y = 0; y < height; y++) {
    const srcRow = topToBottom ? y : height - 1 - y;
    for (let x = 0; x < width; x++) {
      const srcX = rightToLeft ? width - 1 - x : x;
      const s = (srcRow * width + srcX) * 4;
      data.set(pixels.subarray(s, s + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Dimensions from a BMP header (BITMAPINFOHEADER or later), or null. */
export function bmpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (view.getUint32(14, true) < 40) return null;
  const width = view.getInt32(18, true);
  const height = Math.abs(view.getInt32(22, true));
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Decodes uncompressed 24/32-bit BMP (and BI_BITFIELDS 32-bit in BGRA order). */
export function decodeBmp(b: Uint8Array): RawImage {
  const size = bmpSize(b);
  const fail = () => new ImageError('imageBmpUnsupported');
  if (!size) throw fail();
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const offset = view.getUint32(10, true);
  const bottomUp = view.getInt32(22, true) > 0;
  const depth = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  if ((depth !== 24 && depth !== 32) || (compression !== 0 && compression !== 3)) throw fail();
  const { width, height } = size;
  const bpp = depth / 8;
  const stride = Math.ceil((width * bpp) / 4) * 4;
  if (offset + stride * height > b.length) throw fail();
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (bottomUp ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const s = row + x * bpp;
      const d = (y * width + x) * 4;
      data[d] = b[s + 2] ?? 0;
      data[d + 1] = b[s + 1] ?? 0;
      data[d + 2] = b[s] ?? 0;
      data[d + 3] = 255;
    }
  }
  return { width, height, data };
}
