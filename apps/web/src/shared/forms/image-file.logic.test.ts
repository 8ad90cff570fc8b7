import { MAX_PREVIEW_IMAGE_BYTES } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file.logic.ts';

describe('preview image check', () => {
  it('accepts JPEG, PNG, WebP and BMP up to 3 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/bmp']) {
      expect(imageFileProblem({ type, size: MAX_PREVIEW_IMAGE_BYTES })).toBeNull();
    }
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/bmp');
  });

  it('refuses other types and larger files', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe('invalidType');
    expect(imageFileProblem({ type: 'application/pdf', size: MAX_PREVIEW_IMAGE_BYTES + 1 })).toBe('invalidType');
    expect(imageFileProblem({ type: 'image/png', size: MAX_PREVIEW_IMAGE_BYTES + 1 })).toBe('tooLarge');
  });
});
