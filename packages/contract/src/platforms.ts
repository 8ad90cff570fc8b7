export const LICENCES = ['design_and_sales', 'hatch', 'standalone', 'holo_helmet', 'realization'] as const;
export type Licence = (typeof LICENCES)[number];

export const PLATFORMS = [
  {
    platformKey: 'hatch',
    label: 'Preparation & Content',
    icon: 'hatch',
    primaryColor: '#275953',
    accentColor: '#6E9C9780',
    license: 'hatch',
  },
  {
    platformKey: 'customerportal',
    label: 'Designs and Sales',
    icon: 'customerportal',
    primaryColor: '#634196',
    accentColor: '#7C6B9C80',
    license: 'design_and_sales',
  },
] as const satisfies readonly {
  platformKey: string;
  label: string;
  icon: string;
  primaryColor: string;
  accentColor: string;
  license: Licence;
}[];

export type PlatformKey = (typeof PLATFORMS)[number]['platformKey'];
export type Platform = (typeof PLATFORMS)[number];
export const DEFAULT_PLATFORM: Platform = PLATFORMS[0];

export function findPlatform(key: string | null | undefined): Platform | undefined {
  return PLATFORMS.find((platform) => platform.platformKey === key);
}

export interface HostParts {
  platform: PlatformKey | null;
  tenant: string | null;
}

/**
 * Reads `[platform-]tenant.BASE_DOMAIN`. The base domain itself, or a host outside it,
 * has no tenant.
 */
export function parseHost(hostname: string, baseDomain: string): HostParts {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  if (!host.endsWith(`.${base}`)) return { platform: null, tenant: null };
  const label = host.slice(0, -(base.length + 1));
  if (label === '' || label.includes('.')) return { platform: null, tenant: null };
  const dash = label.indexOf('-');
  if (dash > 0) {
    const prefix = label.slice(0, dash);
    const platform = findPlatform(prefix);
    if (platform) return { platform: platform.platformKey, tenant: label.slice(dash + 1) || null };
  }
  return { platform: null, tenant: label };
}

export function hostFor(tenant: string, platform: PlatformKey | null, baseDomain: string): string {
  return `${platform ? `${platform}-` : ''}${tenant}.${baseDomain}`;
}

export interface TenantColors {
  primary_color: string;
  primary_accent: string;
}

/**
 * shell.md §4: when the accent is 'default' (or both are), the platform's own colours
 * apply: the platform named by the host prefix, or the first platform when none is named.
 */
export function resolveTenantColors(colors: TenantColors, platformKey: string | null | undefined): TenantColors {
  if (colors.primary_accent !== 'default' && colors.primary_color !== 'default') return colors;
  const platform = findPlatform(platformKey) ?? DEFAULT_PLATFORM;
  return { primary_color: platform.primaryColor, primary_accent: platform.accentColor };
}

export function hexToRgbTriplet(hex: string): string {
  const value = hex.replace('#', '');
  const full =
    value.length === 3 || value.length === 4
      ? value
          .slice(0, 3)
          .split('')
          .map((c) => c + c)
          .join('')
      : value.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return `${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}`;
}
