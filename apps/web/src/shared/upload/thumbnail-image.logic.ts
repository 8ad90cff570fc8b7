import { coverCrop, limitToArea } from './thumbnail.logic.ts';
import { UPLOAD_WIDGET } from './upload-checks.logic.ts';

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image cannot be shown.'));
    image.src = url;
  });
}

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas.');
  return [canvas, context];
}

/**
 * A 100×100 JPEG (cover mode, quality 50) of an image file, as an object URL; null when the
 * browser cannot read the image (TGA, TIFF). A source above the canvas limit is first drawn
 * scaled down within it.
 */
export async function makeThumbnail(file: Blob): Promise<string | null> {
  const sourceUrl = URL.createObjectURL(file);
  try {
    const image = await loadImage(sourceUrl);
    const natural = { width: image.naturalWidth, height: image.naturalHeight };
    if (natural.width === 0 || natural.height === 0) return null;
    const limited = limitToArea(natural);
    let source: CanvasImageSource = image;
    if (limited.width !== natural.width || limited.height !== natural.height) {
      const [step, stepContext] = canvasOf(limited.width, limited.height);
      stepContext.drawImage(image, 0, 0, limited.width, limited.height);
      source = step;
    }
    const size = UPLOAD_WIDGET.thumbnailSize;
    const crop = coverCrop(limited, { width: size, height: size });
    const [canvas, context] = canvasOf(size, size);
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size, size);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', UPLOAD_WIDGET.thumbnailQuality),
    );
    return blob ? URL.createObjectURL(blob) : null;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(sourceUrl);
  }
}
