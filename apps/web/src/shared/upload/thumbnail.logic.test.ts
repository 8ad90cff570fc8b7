import { describe, expect, it } from 'vitest';
import { coverCrop, limitToArea, previewHeight } from './thumbnail.logic.ts';
import { UPLOAD_WIDGET } from './upload-checks.logic.ts';

describe('limitToArea', () => {
  it('keeps sources within the canvas limit as they are', () => {
    expect(limitToArea({ width: 4096, height: 4096 })).toEqual({ width: 4096, height: 4096 });
    expect(limitToArea({ width: 8000, height: 100 })).toEqual({ width: 8000, height: 100 });
  });
  it('scales larger sources down to the area limit, keeping proportions', () => {
    const size = limitToArea({ width: 8192, height: 8192 });
    expect(size).toEqual({ width: 4096, height: 4096 });
    const wide = limitToArea({ width: 16000, height: 9000 });
    expect(wide.width * wide.height).toBeLessThanOrEqual(UPLOAD_WIDGET.canvasMaxArea);
    expect(wide.width / wide.height).toBeCloseTo(16 / 9, 2);
  });
});

describe('coverCrop', () => {
  it('cuts the middle square of a wide image', () => {
    expect(coverCrop({ width: 400, height: 200 }, { width: 100, height: 100 })).toEqual({
      sx: 100,
      sy: 0,
      sw: 200,
      sh: 200,
    });
  });
  it('cuts the middle square of a tall image', () => {
    expect(coverCrop({ width: 200, height: 600 }, { width: 100, height: 100 })).toEqual({
      sx: 0,
      sy: 200,
      sw: 200,
      sh: 200,
    });
  });
  it('takes a square whole', () => {
    expect(coverCrop({ width: 50, height: 50 }, { width: 100, height: 100 })).toEqual({ sx: 0, sy: 0, sw: 50, sh: 50 });
  });
});

describe('previewHeight', () => {
  it('is 250, or the image height when smaller, within 44 and 256', () => {
    expect(previewHeight(2048)).toBe(250);
    expect(previewHeight(120)).toBe(120);
    expect(previewHeight(10)).toBe(44);
    expect(previewHeight(0)).toBe(250);
  });
  it('keeps the widget numbers', () => {
    expect(UPLOAD_WIDGET).toMatchObject({
      previewHeight: 250,
      previewMinHeight: 44,
      previewMaxHeight: 256,
      thumbnailSize: 100,
      thumbnailQuality: 0.5,
      canvasMaxArea: 4096 * 4096,
    });
  });
});
