import { parseHost } from '@meshport/contract';

/** Where a request was sent: the deployment's scheme, the `Host` header, the host's company. */
export interface RequestPlace {
  scheme: 'http' | 'https';
  host: string;
  tenant: string | null;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function portOf(host: string, scheme: string): string {
  const match = /:(\d+)$/.exec(host);
  return match?.[1] ?? DEFAULT_PORTS[scheme] ?? '';
}

/**
 * Whether a page at `origin` may act for a request sent to `place`: the same scheme and port,
 * and a host of the same company (any platform), or the bare base domain.
 */
export function isOwnOrigin(origin: string, place: RequestPlace, baseDomain: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const scheme = `${place.scheme}:`;
  if (url.protocol !== scheme) return false;
  if ((url.port || DEFAULT_PORTS[scheme]) !== portOf(place.host, scheme)) return false;
  if (url.hostname === baseDomain) return true;
  const { tenant } = parseHost(url.hostname, baseDomain);
  return tenant !== null && (place.tenant === null || tenant === place.tenant);
}
