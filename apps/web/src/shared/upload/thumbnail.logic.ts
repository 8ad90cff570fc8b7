import { UPLOAD_WIDGET } from './upload-checks.logic.ts';

export interface Size {
  width: number;
  height: number;
}

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * The largest size of the same proportions whose area stays within `maxArea` pixels (iOS draws
 * nothing on a canvas above 4096×4096); a size within it stays as it is.
 */
export function limitToArea(size: Size, maxArea: number = UPLOAD_WIDGET.canvasMaxArea): Size {
  const area = size.width * size.height;
  if (area <= maxArea) return { width: size.width, height: size.height };
  const scale = Math.sqrt(maxArea / area);
  return {
    width: Math.max(1, Math.floor(size.width * scale)),
    height: Math.max(1, Math.floor(size.height * scale)),
  };
}

/**
 * Cover mode: the centred part of the source with the target's proportions, which fills the
 * target without bands (the rest is cut off).
 */
export function coverCrop(source: Size, target: Size): CropRect {
  const sourceRatio = source.width / source.height;
  const targetRatio = target.width / target.height;
  if (sourceRatio > targetRatio) {
    const sw = source.height * targetRatio;
    return { sx: (source.width - sw) / 2, sy: 0, sw, sh: source.height };
  }
  const sh = source.width / targetRatio;
  return { sx: 0, sy: (source.height - sh) / 2, sw: source.width, sh };
}

/** How high the preview of an image shows: 250 px, or its own height when smaller, never below 44 or above 256. */
export function previewHeight(naturalHeight: number): number {
  const { previewHeight: preferred, previewMinHeight, previewMaxHeight } = UPLOAD_WIDGET;
  const wanted = naturalHeight > 0 ? Math.min(preferred, naturalHeight) : preferred;
  return Math.min(previewMaxHeight, Math.max(previewMinHeight, Math.round(wanted)));
}
