import { MAX_PREVIEW_IMAGE_BYTES, PREVIEW_IMAGE_TYPES } from '@meshport/contract';

export type ImageFileProblem = 'tooLarge' | 'invalidType';

/** The accept attribute of a preview-image input. */
export const IMAGE_ACCEPT = PREVIEW_IMAGE_TYPES.join(',');

/** Checks a chosen image as the server will (type first, then size): JPEG/PNG/WebP/BMP, ≤ 3 MB. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(PREVIEW_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidType';
  if (file.size > MAX_PREVIEW_IMAGE_BYTES) return 'tooLarge';
  return null;
}
