/**
 * WCAG 2 contrast of the tenant's colours (issue 31): a company may pick any primary colour, a
 * pale yellow as well as a dark green, and text on it or in it must stay readable (4.5:1).
 */

export type Rgb = readonly [number, number, number];

/** The text on a colour: black or white, the one that contrasts more with it. */
export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/** WCAG's minimum contrast for normal text (level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The luminance at which black and white text contrast equally, (L + 0.05) / 0.05 = 1.05 / (L + 0.05):
 * about 0.179. Above it black text contrasts more, below it white; either way at least 4.58:1.
 */
export const LUMINANCE_THRESHOLD = Math.sqrt(1.05 * 0.05) - 0.05;

/** '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa' as red, green, blue (alpha ignored); black when unreadable. */
export function hexToRgb(hex: string): Rgb {
  let digits = hex.replace(/^#/, '');
  if (digits.length === 3 || digits.length === 4) digits = [...digits.slice(0, 3)].map((d) => d + d).join('');
  const value = /^[0-9a-f]{6}/i.test(digits) ? digits : '000000';
  const channel = (start: number) => Number.parseInt(value.slice(start, start + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

export function rgbToHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour `amount` (0–1) of the way from `rgb` to white (255) or black (0). */
export function mixRgb(rgb: Rgb, target: number, amount: number): Rgb {
  const mix = (value: number) => Math.round(value + (target - value) * amount);
  return [mix(rgb[0]), mix(rgb[1]), mix(rgb[2])];
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string | Rgb): number {
  const rgb = typeof color === 'string' ? hexToRgb(color) : color;
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background` (Mantine's autoContrast with LUMINANCE_THRESHOLD agrees). */
export function textOn(background: string | Rgb): typeof DARK_TEXT | typeof LIGHT_TEXT {
  return relativeLuminance(background) > LUMINANCE_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * `color` as text on `background`: itself when it reads (4.5:1), else darkened step by step
 * until it does. For text, links and outlines in the brand colour on white or a pale tint.
 */
export function readableOn(color: string, background: string): string {
  const rgb = hexToRgb(color);
  for (let step = 0; step <= 50; step++) {
    const candidate = mixRgb(rgb, 0, step / 50);
    if (contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST) return rgbToHex(candidate);
  }
  return DARK_TEXT;
}
