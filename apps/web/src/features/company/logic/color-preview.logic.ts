import { DARK_TEXT, textOn, contrastRatio as wcagContrast } from '@/lib/color/contrast.logic.ts';

/** An sRGB colour with its opacity, channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the '#' optional); null for anything else. */
export function parseHex(value: string): Rgba | null {
  const digits = value.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(digits)) return null;
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

/** The colour as it shows over the white page: a translucent colour mixed with white. */
function overWhite({ r, g, b, a }: Rgba): [number, number, number] {
  return [r, g, b].map((channel) => Math.round(channel * a + 255 * (1 - a))) as [number, number, number];
}

const shown = (hex: string) => overWhite(parseHex(hex) ?? { r: 0, g: 0, b: 0, a: 1 });

/** WCAG contrast of two typed colours as they show over the page. */
export function contrastRatio(a: string, b: string): number {
  return wcagContrast(shown(a), shown(b));
}

/**
 * Black or white, whichever reads better on `background`, as the app's theme picks it for its
 * filled controls: one of the two always reaches 4.5:1, so the preview matches the app.
 */
export function readableTextOn(background: string): '#000000' | '#FFFFFF' {
  return textOn(shown(background)) === DARK_TEXT ? '#000000' : '#FFFFFF';
}

/** A picked colour without a needless alpha: the picker's `#rrggbbff` is `#rrggbb`. */
export function withoutOpaqueAlpha(value: string): string {
  return /^#[0-9a-f]{6}ff$/i.test(value) ? value.slice(0, 7) : value;
}
