import { DEFAULT_PLATFORM, hostFor, type PlatformKey, parseHost } from '@meshport/contract';
import type { HostContext } from '@/lib/session/tenant.context.ts';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Until the server's /v2/config answers, the base domain is everything after the first label
 * of a host with three or more labels (`hatch-acme.meshport.localhost`); a shorter host, an IP
 * address or a bracketed IPv6 address is the base domain itself.
 */
export function guessBaseDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (IPV4.test(host) || host.startsWith('[')) return host;
  const labels = host.split('.');
  return labels.length >= 3 ? labels.slice(1).join('.') : host;
}

export function readHost(hostname: string, baseDomain: string): HostContext {
  const parts = parseHost(hostname, baseDomain);
  return {
    baseDomain,
    tenant: parts.tenant,
    hostPlatform: parts.platform,
    platform: parts.platform ?? DEFAULT_PLATFORM.platformKey,
  };
}

/** Paths that make no sense on another platform or tenant: switching goes to / instead. */
const NON_PORTABLE_PATH = /(^|\/)(create|edit|processor)(\/|$)/;

export function portablePath(pathname: string, search = ''): string {
  return NON_PORTABLE_PATH.test(pathname) ? '/' : `${pathname}${search}`;
}

/** Absolute URL of `path` on another tenant/platform host, keeping scheme and port. */
export function urlOnHost(
  location: Pick<Location, 'protocol' | 'port'>,
  tenant: string,
  platform: PlatformKey | null,
  baseDomain: string,
  path: string,
): string {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${hostFor(tenant, platform, baseDomain)}${port}${path}`;
}
