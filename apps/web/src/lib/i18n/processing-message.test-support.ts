import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';

/**
 * The app's i18next with the real English and Dutch `common` locale files, for tests of
 * processing messages: format.ts writes numbers in its language, as the app does.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');
const common = (language: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8'));

export function initMessageLocales() {
  return i18next.init({
    lng: 'nl',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: { en: { common: common('en') }, nl: { common: common('nl') } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
}

/** The reader's t, with the app in their language. */
export async function reader(language: 'en' | 'nl') {
  await i18next.changeLanguage(language);
  return i18next.getFixedT(language);
}
