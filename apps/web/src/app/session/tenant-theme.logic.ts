import { createTheme, type MantineColorsTuple } from '@mantine/core';
import {
  hexToRgbTriplet,
  PLATFORMS,
  type PlatformKey,
  resolveTenantColors,
  type TenantColors,
} from '@meshport/contract';

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function toRgb(hex: string): [number, number, number] {
  const [r, g, b] = hexToRgbTriplet(hex)
    .split(',')
    .map((part) => Number(part.trim()));
  return [r ?? 0, g ?? 0, b ?? 0];
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  const channel = (value: number) =>
    Math.round(value + (target - value) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(rgb[0])}${channel(rgb[1])}${channel(rgb[2])}`;
}

/** Ten shades around the brand colour, the brand itself at index 6 (Mantine's light shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = toRgb(hex);
  const base = mix(rgb, 0, 0);
  return [
    mix(rgb, 255, 0.92),
    mix(rgb, 255, 0.82),
    mix(rgb, 255, 0.66),
    mix(rgb, 255, 0.5),
    mix(rgb, 255, 0.34),
    mix(rgb, 255, 0.18),
    base,
    mix(rgb, 0, 0.14),
    mix(rgb, 0, 0.28),
    mix(rgb, 0, 0.42),
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
    colors: { brand: shadesOf(colors.primary_color), ...platformColors },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    components: {
      // Mantine's focus placeholder (role=presentation, tabindex=-1) inside role=menu breaks
      // aria-required-children; the menus focus their first item themselves.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
  });
}

/** The colour variables of shell.md §4, plus both platforms' sets for platform-specific UI. */
export function brandCssVariables(colors: TenantColors): Record<string, string> {
  const variables: Record<string, string> = {
    '--primary-color': colors.primary_color,
    '--primary-accent': colors.primary_accent,
    '--primary-rgb': hexToRgbTriplet(colors.primary_color),
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
