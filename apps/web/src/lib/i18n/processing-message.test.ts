import fs from 'node:fs';
import path from 'node:path';
import { sourceMessage } from '@meshport/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { processingMessage } from './processing-message.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');
const common = (language: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8'));

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'nl',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: { en: { common: common('en') }, nl: { common: common('nl') } },
    interpolation: { escapeValue: false },
  }),
);

describe('a stored processing message in the reader language', () => {
  const tooOld = {
    message: sourceMessage('fbxTooOld', { version: '6.1' }),
    message_code: 'fbxTooOld',
    message_params: { version: '6.1' },
  };

  it('shows a coded message in Dutch, its parameters filled in', () => {
    expect(processingMessage(i18n.getFixedT('nl'), tooOld)).toBe(
      'Het bestand is FBX 6.1, van vóór 2011, en kan niet worden gelezen: exporteer het opnieuw als FBX 2013 of nieuwer',
    );
  });

  it('shows it in English as the server wrote it', () => {
    expect(processingMessage(i18n.getFixedT('en'), tooOld)).toBe(tooOld.message);
  });

  it('keeps the stored text without a code, or with a code the locales do not know', () => {
    const t = i18n.getFixedT('nl');
    expect(processingMessage(t, { message: 'Stored in 12 ms.' })).toBe('Stored in 12 ms.');
    expect(processingMessage(t, { message: 'Old text', message_code: null, message_params: null })).toBe('Old text');
    expect(processingMessage(t, { message: 'Gone code', message_code: 'noSuchCode', message_params: {} })).toBe(
      'Gone code',
    );
    expect(processingMessage(t, { message: null })).toBeNull();
  });
});
