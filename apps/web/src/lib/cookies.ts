/** Readable cookies only: the session token itself is HttpOnly and never seen by scripts. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Deletes a cookie on the parent (base) domain as well as on the current host. */
export function deleteCookie(name: string, domain: string | null): void {
  const expired = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = expired;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  if (domain) document.cookie = `${expired}; Domain=${domain}`;
}
