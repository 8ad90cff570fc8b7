import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from '@/lib/color/contrast.logic.ts';
import {
  brandCssVariables,
  brandLightSchemeVariables,
  buildTheme,
  effectiveColors,
  shadesOf,
} from './tenant-theme.logic.ts';

/** What Mantine paints a filled brand control's text with. */
function filledText(primary: string): string {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme({ primary_color: primary, primary_accent: primary }));
  return defaultVariantColorsResolver({ color: 'brand', theme, variant: 'filled' }).color;
}

describe('tenant theme', () => {
  it('applies the platform defaults when the accent is default', () => {
    expect(effectiveColors({ primary_color: '#112233', primary_accent: 'default' }, 'customerportal')).toEqual({
      primary_color: '#634196',
      primary_accent: '#7C6B9C80',
    });
    expect(effectiveColors(null, 'hatch').primary_color).toBe('#275953');
  });
  it('keeps the tenant colours otherwise', () => {
    const colors = { primary_color: '#1d4ed8', primary_accent: '#93c5fd' };
    expect(effectiveColors(colors, 'hatch')).toEqual(colors);
  });
  it('exposes the primary colour as an RGB triplet and both platform sets', () => {
    const variables = brandCssVariables({ primary_color: '#275953', primary_accent: '#6E9C9780' });
    expect(variables['--primary-rgb']).toBe('39, 89, 83');
    expect(variables['--platform-customerportal-primary']).toBe('#634196');
  });
  it('puts the brand colour at shade 6', () => {
    expect(shadesOf('#275953')[6]).toBe('#275953');
  });

  it('writes dark text on a light company colour and white on a dark one, wherever Mantine fills with it', () => {
    expect(filledText('#f5d90a')).toBe('var(--mantine-color-black)');
    expect(filledText('#e0f0ff')).toBe('var(--mantine-color-black)');
    expect(filledText('#275953')).toBe('var(--mantine-color-white)');
    expect(brandCssVariables({ primary_color: '#f5d90a', primary_accent: '#f5d90a' })['--primary-contrast']).toBe(
      '#000000',
    );
    expect(brandCssVariables({ primary_color: '#275953', primary_accent: '#275953' })['--primary-contrast']).toBe(
      '#ffffff',
    );
  });

  it.each(['#f5d90a', '#e0f0ff', '#fab005', '#40c057'])(
    'makes the brand readable as text, in the light variant and under a hovered filled control (%s)',
    (primary) => {
      const shades = shadesOf(primary);
      const variables = brandLightSchemeVariables(primary);
      const lightColor = variables['--mantine-color-brand-light-color'] ?? shades[9];
      // On the light variant's background and its hover tint (active navigation entry, avatars).
      expect(contrastRatio(lightColor, shades[1])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(lightColor, shades[2])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      for (const name of ['--mantine-color-anchor', '--mantine-color-brand-text', '--mantine-color-brand-outline']) {
        expect(contrastRatio(variables[name] ?? '#ffffff', '#ffffff'), name).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      // The app's own CSS (focus rings) uses the same ink.
      const ink = brandCssVariables({ primary_color: primary, primary_accent: primary })['--primary-ink'];
      expect(ink).toBe(variables['--mantine-color-anchor']);
      // Black text on a light brand: the hover lightens, so the text reads there too.
      const hover = variables['--mantine-color-brand-filled-hover'] ?? shades[7];
      expect(contrastRatio('#000000', hover)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it("leaves Mantine's brand variables alone for a dark company colour", () => {
    expect(brandLightSchemeVariables('#275953')).toEqual({});
    expect(brandCssVariables({ primary_color: '#275953', primary_accent: '#275953' })['--primary-ink']).toBe('#275953');
  });
});
