import type { BackendModule, ReadCallback } from 'i18next';

/** shell.md §7: one file per language and namespace. */
export function localePath(language: string, namespace: string): string {
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
}

/** Whether another try may get the file: no answer at all, a server error, or "too many requests". */
export function worthRetrying(status: number | null): boolean {
  return status === null || status >= 500 || status === 429;
}

type FetchLocale = (path: string) => Promise<Response>;

async function readLocale(
  fetchLocale: FetchLocale,
  language: string,
  namespace: string,
  callback: ReadCallback,
): Promise<void> {
  const path = localePath(language, namespace);
  let response: Response;
  try {
    response = await fetchLocale(path);
  } catch (error) {
    callback(`failed loading ${path}: ${String(error)}`, worthRetrying(null));
    return;
  }
  if (!response.ok) {
    callback(`failed loading ${path}: status ${response.status}`, worthRetrying(response.status));
    return;
  }
  try {
    callback(null, await response.json());
  } catch {
    callback(`failed parsing ${path} as JSON`, false);
  }
}

/**
 * Reads the translation files with fetch. i18next itself runs the reads: at most `maxParallelReads` at once, and
 * a failed read whose callback says `true` again after `retryTimeout`, doubling, `maxRetries` times (i18n.ts).
 * This replaces i18next-http-backend, which did the same with 7 KB more script on the /login route.
 */
export function localeBackend(fetchLocale: FetchLocale = (path) => fetch(path)): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      void readLocale(fetchLocale, language, namespace, callback);
    },
  };
}
