import { isLightColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  LUMINANCE_THRESHOLD,
  MIN_TEXT_CONTRAST,
  readableOn,
  relativeLuminance,
  textOn,
} from './contrast.logic.ts';

/** Brand colours from pale to dark, with some near where black and white text read alike. */
const COLOURS = [
  '#ffffff',
  '#e0f0ff',
  '#f5d90a',
  '#fab005',
  '#40c057',
  '#868e96',
  '#7a7a7a',
  '#767676',
  '#228be6',
  '#e03131',
  '#275953',
  '#634196',
  '#000000',
  '#abc',
];

describe('contrast', () => {
  it('computes WCAG luminance and ratios', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // WebAIM's reference: #767676 on white is 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(LUMINANCE_THRESHOLD).toBeCloseTo(0.179, 3);
  });

  it('puts black text on light colours and white on dark ones, always at 4.5:1 or more', () => {
    expect(textOn('#f5d90a')).toBe(DARK_TEXT);
    expect(textOn('#e0f0ff')).toBe(DARK_TEXT);
    expect(textOn('#275953')).toBe(LIGHT_TEXT);
    expect(textOn('#634196')).toBe(LIGHT_TEXT);
    for (const colour of COLOURS) {
      expect(contrastRatio(textOn(colour), colour), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("agrees with Mantine's autoContrast at the same threshold", () => {
    for (const colour of COLOURS) {
      expect(isLightColor(colour, LUMINANCE_THRESHOLD), colour).toBe(textOn(colour) === DARK_TEXT);
    }
  });

  it('darkens a colour as text until it reads, and keeps one that already does', () => {
    expect(readableOn('#275953', '#ffffff')).toBe('#275953');
    for (const colour of COLOURS) {
      for (const background of ['#ffffff', '#f1f3f5', '#fdf7c8']) {
        const ink = readableOn(colour, background);
        expect(contrastRatio(ink, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
    // The yellow stays a (dark) yellow, not black.
    expect(readableOn('#f5d90a', '#ffffff')).not.toBe('#000000');
  });
});
