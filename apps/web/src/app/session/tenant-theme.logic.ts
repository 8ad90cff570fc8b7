import { createTheme, type MantineColorsTuple } from '@mantine/core';
import {
  hexToRgbTriplet,
  PLATFORMS,
  type PlatformKey,
  resolveTenantColors,
  type TenantColors,
} from '@meshport/contract';

import {
  DARK_TEXT,
  hexToRgb,
  LUMINANCE_THRESHOLD,
  mixRgb,
  readableOn,
  rgbToHex,
  textOn,
} from '@/lib/color/contrast.logic.ts';

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Ten shades around the brand colour, the brand itself at index 6 (Mantine's light shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = hexToRgb(hex);
  const mix = (target: number, amount: number) => rgbToHex(mixRgb(rgb, target, amount));
  const base = mix(0, 0);
  return [
    mix(255, 0.92),
    mix(255, 0.82),
    mix(255, 0.66),
    mix(255, 0.5),
    mix(255, 0.34),
    mix(255, 0.18),
    base,
    mix(0, 0.14),
    mix(0, 0.28),
    mix(0, 0.42),
  ];
}

/** shell.md §4: the tenant's colours, with 'default' or unusable values replaced by the platform's. */
export function effectiveColors(colors: TenantColors | null, platform: PlatformKey): TenantColors {
  const resolved = resolveTenantColors(colors ?? { primary_color: 'default', primary_accent: 'default' }, platform);
  if (!HEX.test(resolved.primary_color)) {
    return resolveTenantColors({ primary_color: 'default', primary_accent: 'default' }, platform);
  }
  return HEX.test(resolved.primary_accent) ? resolved : { ...resolved, primary_accent: resolved.primary_color };
}

export function buildTheme(colors: TenantColors) {
  const platformColors = Object.fromEntries(
    PLATFORMS.map((platform) => [platform.platformKey, shadesOf(platform.primaryColor)]),
  );
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    // Black text on a light brand colour, white on a dark one, wherever Mantine paints with it
    // (filled buttons, badges, checkboxes, tabs, pagination): at least 4.58:1 either way.
    autoContrast: true,
    luminanceThreshold: LUMINANCE_THRESHOLD,
    colors: { brand: shadesOf(colors.primary_color), ...platformColors },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    // Menus, dialogs and drawers appear without their fade or slide for users who ask their system for less motion.
    respectReducedMotion: true,
    components: {
      // Mantine's focus placeholder (role=presentation, tabindex=-1) inside role=menu breaks
      // aria-required-children; the menus focus their first item themselves.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
  });
}

/**
 * The brand as text on white or its pale tints (links, `c="brand"`, outlines, focus rings):
 * the colour itself when it reads at 4.5:1 on its light-hover tint, else darkened until it does.
 */
export function brandInk(primary: string): string {
  return readableOn(primary, shadesOf(primary)[2]);
}

/**
 * Mantine's light-scheme brand variables where its defaults are unreadable for a light brand
 * colour (issue 31): the 'light' variant's text (active navigation entries, avatars, light
 * badges), links, outlines and `c="brand"` text, and a filled hover that lightens under black
 * text instead of darkening. Empty for a brand colour that reads as it is.
 */
export function brandLightSchemeVariables(primary: string): Record<string, string> {
  const shades = shadesOf(primary);
  const variables: Record<string, string> = {};
  const lightColor = readableOn(shades[9], shades[2]);
  if (lightColor !== shades[9]) variables['--mantine-color-brand-light-color'] = lightColor;
  const ink = brandInk(primary);
  if (ink !== shades[6]) {
    variables['--mantine-color-anchor'] = ink;
    variables['--mantine-color-brand-text'] = ink;
    variables['--mantine-color-brand-outline'] = ink;
  }
  if (textOn(primary) === DARK_TEXT) variables['--mantine-color-brand-filled-hover'] = shades[5];
  return variables;
}

/** The colour variables of shell.md §4, plus both platforms' sets for platform-specific UI. */
export function brandCssVariables(colors: TenantColors): Record<string, string> {
  const variables: Record<string, string> = {
    '--primary-color': colors.primary_color,
    '--primary-accent': colors.primary_accent,
    '--primary-rgb': hexToRgbTriplet(colors.primary_color),
    // Text and marks on the primary colour, and the primary colour as text or outline on white.
    '--primary-contrast': textOn(colors.primary_color),
    '--primary-ink': brandInk(colors.primary_color),
  };
  for (const platform of PLATFORMS) {
    variables[`--platform-${platform.platformKey}-primary`] = platform.primaryColor;
    variables[`--platform-${platform.platformKey}-accent`] = platform.accentColor;
    variables[`--platform-${platform.platformKey}-rgb`] = hexToRgbTriplet(platform.primaryColor);
  }
  return variables;
}

export function applyBrandCssVariables(colors: TenantColors, root = document.documentElement): void {
  for (const [name, value] of Object.entries(brandCssVariables(colors))) {
    root.style.setProperty(name, value);
  }
}
