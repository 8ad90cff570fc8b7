import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableTextOn, withoutOpaqueAlpha } from './color-preview.logic.ts';

describe('colour preview', () => {
  it('reads hex of 3, 4, 6 and 8 digits, with or without #', () => {
    expect(parseHex('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 1 });
    expect(parseHex('1E7A3C')).toEqual({ r: 0x1e, g: 0x7a, b: 0x3c, a: 1 });
    expect(parseHex('#00000080')?.a).toBeCloseTo(128 / 255);
    expect(parseHex('#0008')?.a).toBeCloseTo(0x88 / 255);
    for (const bad of ['not-a-colour', '#ac', '#12345', '', '#ggg']) expect(parseHex(bad), bad).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // A translucent black over the white page is a grey.
    expect(contrastRatio('#00000000', '#FFFFFF')).toBeCloseTo(1, 5);
  });

  it('picks black or white text that reaches 4.5:1 on any colour', () => {
    expect(readableTextOn('#B4441C')).toBe('#FFFFFF');
    expect(readableTextOn('#F2C14E')).toBe('#000000');
    expect(readableTextOn('#C4A1F980')).toBe('#000000');
    for (let grey = 0; grey <= 255; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableTextOn(hex)), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('drops an opaque alpha the picker adds, keeps a real one', () => {
    expect(withoutOpaqueAlpha('#1e7a3cff')).toBe('#1e7a3c');
    expect(withoutOpaqueAlpha('#1e7a3c80')).toBe('#1e7a3c80');
    expect(withoutOpaqueAlpha('#fff')).toBe('#fff');
  });
});
