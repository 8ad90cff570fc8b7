import { hostFor, type PlatformKey } from '@meshport/contract';
import type { Config } from '#core/config/config.ts';

/** What links are built from: the configured public address (PUBLIC_URL, or its parts). */
export type PublicAddress = Pick<Config, 'scheme' | 'baseDomain' | 'publicPort'>;

/** Whose host a link opens: a company's (on a platform, or the default one), or the bare base domain. */
export interface LinkPlace {
  subDomain: string | null;
  platform?: PlatformKey | null;
}

/**
 * `scheme://[platform-]tenant.BASE_DOMAIN[:port]` from the configuration and the company's
 * sub-domain. Never from a request's Host header: a forged one must not redirect a mailed link.
 */
export function publicOrigin(address: PublicAddress, place: LinkPlace): string {
  const host = place.subDomain
    ? hostFor(place.subDomain, place.platform ?? null, address.baseDomain)
    : address.baseDomain;
  return `${address.scheme}://${host}${address.publicPort === null ? '' : `:${address.publicPort}`}`;
}

/**
 * The one builder of links sent by mail (password reset, invitations, e-mail verification):
 * a page of the web app (`path` starting with `/`) on the place's host, with `query` encoded.
 */
export function publicLink(
  address: PublicAddress,
  place: LinkPlace,
  path: `/${string}`,
  query: Record<string, string> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return `${publicOrigin(address, place)}${path}${search ? `?${search}` : ''}`;
}
