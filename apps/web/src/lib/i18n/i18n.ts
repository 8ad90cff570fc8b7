import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './locale-backend.ts';

export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Namespaces: one per area, loaded when the area's code loads. */
export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'dashboard',
  'notifications',
  'search',
  'projects',
  'libraries',
  'materials',
  'processor',
  'account',
  'company',
  'security',
  'tools',
  'maintenance',
  'support',
  'invitations',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * shell.md §7/§9: files at /locales/{lng}/{ns}.json, 10 parallel reads, 5 retries starting at
 * 350 ms and doubling; detection from ?lng, cookie, local storage, browser, html tag.
 */
export function initI18n(cookieDomain: string | null): Promise<unknown> {
  return i18next
    .use(localeBackend())
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        ...(cookieDomain ? { cookieDomain } : {}),
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      react: { useSuspense: true },
    });
}

/** Keeps <html lang> in step with the language in use. */
export function syncHtmlLang(): void {
  const apply = (lng: string) => {
    document.documentElement.lang = lng.split('-')[0] ?? FALLBACK_LANGUAGE;
  };
  apply(i18next.resolvedLanguage ?? FALLBACK_LANGUAGE);
  i18next.on('languageChanged', apply);
}
