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

/** WCAG 2 relative luminance. */
function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((channel) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [a, b].map((hex) => luminance(overWhite(parseHex(hex) ?? { r: 0, g: 0, b: 0, a: 1 })));
  const [light, dark] = (x as number) > (y as number) ? [x as number, y as number] : [y as number, x as number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever reads better on `background`: one of the two always reaches 4.5:1, so
 * the preview's text stays legible in any colour a company picks.
 */
export function readableTextOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

/** A picked colour without a needless alpha: the picker's `#rrggbbff` is `#rrggbb`. */
export function withoutOpaqueAlpha(value: string): string {
  return /^#[0-9a-f]{6}ff$/i.test(value) ? value.slice(0, 7) : value;
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The contrast of white text on a typed colour (as the app's filled buttons write it); null for no colour. */
export function whiteTextContrast(value: string): number | null {
  return parseHex(value) ? contrastRatio(value, '#FFFFFF') : null;
}
