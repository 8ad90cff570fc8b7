import { hostFor, type PlatformKey } from '@meshport/contract';
import * as format from '@/lib/i18n/format.ts';

/** Select (administration.md §2): the same path on that company's own sub-domain, same platform and port. */
export function companyHostUrl(
  location: Pick<Location, 'protocol' | 'port' | 'pathname' | 'search'>,
  subDomain: string,
  platform: PlatformKey | null,
  baseDomain: string,
): string {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${hostFor(subDomain, platform, baseDomain)}${port}${location.pathname}${location.search}`;
}

/** A date and time in the reader's language; '---' when there is none. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  return (value && format.formatDateTime(value, { locale: language })) || '---';
}
