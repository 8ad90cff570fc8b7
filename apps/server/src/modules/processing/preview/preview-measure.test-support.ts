import sharp from 'sharp';

/** A decoded picture: RGB(A) bytes row by row. */
export interface RawPicture {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

/** How well a preview shows its model. */
export interface PreviewFigures {
  /** The background's colour (a corner pixel: the framing leaves the corners free). */
  background: [number, number, number];
  /** Share of the frame the model covers (its silhouette, from a render on a transparent background). */
  coverage: number;
  /** Share of the model's pixels whose colour clearly differs from the background (see CLEAR_DIFFERENCE). */
  contrast: number;
  /** The silhouette's bounding box: its longer side against the frame's shorter side. */
  fill: number;
  /**
   * The shading across the model: the spread of its pixels' lightness (0–255) from the 10th to the 90th
   * percentile. A flat-lit single colour has none; light that shows the form gives a wide one.
   */
  tonalRange: number;
}

/**
 * A pixel clearly differs from the background when their sRGB colours are this far apart (Euclidean, 0–441):
 * about 7 % of black to white, a step anyone sees on a screen; JPEG-like noise of the WebP stays far below it.
 */
export const CLEAR_DIFFERENCE = 32;

export async function decodePicture(image: Buffer): Promise<RawPicture> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/**
 * Figures of a preview (`picture`, on its background) with the model's silhouette (`silhouette`: the same
 * render on a transparent background, where the model's pixels are the opaque ones).
 */
export function previewFigures(picture: RawPicture, silhouette: RawPicture): PreviewFigures {
  if (picture.width !== silhouette.width || picture.height !== silhouette.height)
    throw new Error('the picture and its silhouette differ in size');
  if (silhouette.channels !== 4) throw new Error('the silhouette needs an alpha channel');
  const { width, height, channels, data } = picture;
  const background: [number, number, number] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
  let model = 0;
  let clear = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  const lightness: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((silhouette.data[i * 4 + 3] ?? 0) < 128) continue;
      model++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const p = i * channels;
      lightness.push(0.2126 * (data[p] ?? 0) + 0.7152 * (data[p + 1] ?? 0) + 0.0722 * (data[p + 2] ?? 0));
      const distance = Math.hypot(
        (data[p] ?? 0) - background[0],
        (data[p + 1] ?? 0) - background[1],
        (data[p + 2] ?? 0) - background[2],
      );
      if (distance > CLEAR_DIFFERENCE) clear++;
    }
  }
  lightness.sort((a, b) => a - b);
  const percentile = (q: number) => lightness[Math.min(lightness.length - 1, Math.floor(q * lightness.length))] ?? 0;
  const fill = model === 0 ? 0 : Math.max(maxX - minX + 1, maxY - minY + 1) / Math.min(width, height);
  return {
    background,
    coverage: model / (width * height),
    contrast: model === 0 ? 0 : clear / model,
    fill,
    tonalRange: percentile(0.9) - percentile(0.1),
  };
}
