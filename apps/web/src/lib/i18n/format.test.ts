import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatLocale,
  formatNumber,
  formatTime,
} from './format.ts';

const MB = 1024 * 1024;
/** 1 March 2026, 13:05:09 UTC. */
const MARCH_FIRST = '2026-03-01T13:05:09Z';
const UTC = { timeZone: 'UTC' } as const;
/** ICU writes a narrow no-break space before AM/PM; the assertions read it as a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('formatNumber', () => {
  it('groups and separates decimals as the language does', () => {
    expect(formatNumber(1234.5, { locale: 'en' })).toBe('1,234.5');
    expect(formatNumber(1234.5, { locale: 'nl' })).toBe('1.234,5');
    expect(formatNumber(1_500_000, { locale: 'nl' })).toBe('1.500.000');
  });

  it('takes Intl options, such as percentages', () => {
    expect(formatNumber(0.423, { locale: 'en', style: 'percent', maximumFractionDigits: 0 })).toBe('42%');
    expect(formatNumber(0.423, { locale: 'nl', style: 'percent', maximumFractionDigits: 0 })).toBe('42%');
  });
});

describe('formatBytes', () => {
  it('writes sizes in units of 1024 with one decimal below 100', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(2.4 * MB)).toBe('2.4 MB');
    expect(formatBytes(120 * MB)).toBe('120 MB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatBytes(1_048_576)).toBe('1 MB');
    expect(formatBytes(2.4 * MB, { locale: 'nl' })).toBe('2,4 MB');
  });

  it('uses binary multiples with one decimal below 100', () => {
    expect(formatBytes(0, { locale: 'en' })).toBe('0 B');
    expect(formatBytes(1023, { locale: 'en' })).toBe('1,023 B');
    expect(formatBytes(1536, { locale: 'en' })).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, { locale: 'en' })).toBe('5 MB');
    expect(formatBytes(250 * 1024 * 1024, { locale: 'en' })).toBe('250 MB');
    expect(formatBytes(3.25 * 1024 ** 3, { locale: 'en' })).toBe('3.3 GB');
  });

  it('follows the reader’s locale', () => {
    expect(formatBytes(1536, { locale: 'nl' })).toBe('1,5 KB');
    expect(formatBytes(1023, { locale: 'nl' })).toBe('1.023 B');
  });

  it('shows nothing below zero', () => {
    expect(formatBytes(-5, { locale: 'en' })).toBe('0 B');
  });
});

describe('formatDuration', () => {
  it('shows milliseconds, seconds, then minutes', () => {
    expect(formatDuration(850.4, { locale: 'en' })).toBe('850 ms');
    expect(formatDuration(1234, { locale: 'en' })).toBe('1.23 s');
    expect(formatDuration(12_345, { locale: 'en' })).toBe('12.3 s');
    expect(formatDuration(125_000, { locale: 'en' })).toBe('2 min 5 s');
  });

  it('writes the decimal comma in Dutch', () => {
    expect(formatDuration(12_345, { locale: 'nl' })).toBe('12,3 s');
  });
});

describe('formatElapsed', () => {
  it('writes a processing time with units, the two largest that count', () => {
    expect(formatElapsed(0, { locale: 'en' })).toBe('0 s');
    expect(formatElapsed(2_400, { locale: 'en' })).toBe('2 s');
    expect(formatElapsed(240_000, { locale: 'en' })).toBe('4 min');
    expect(formatElapsed(245_000, { locale: 'en' })).toBe('4 min 5 s');
    expect(formatElapsed(3_600_000, { locale: 'en' })).toBe('1 h');
    expect(formatElapsed((163 * 3600 + 2 * 60 + 42) * 1000, { locale: 'en' })).toBe('163 h 2 min');
  });

  it('writes Dutch units and numbers', () => {
    expect(formatElapsed((163 * 3600 + 2 * 60 + 42) * 1000, { locale: 'nl' })).toBe('163 u 2 min');
    expect(formatElapsed(1234 * 3600 * 1000, { locale: 'nl' })).toBe('1.234 u');
    expect(formatDuration(3_723_000, { locale: 'nl' })).toBe('1 u 2 min');
  });
});

describe('dates', () => {
  it('writes a medium date with the language’s month names', () => {
    expect(formatDate(MARCH_FIRST, { ...UTC, locale: 'en' })).toBe('Mar 1, 2026');
    expect(formatDate(MARCH_FIRST, { ...UTC, locale: 'nl' })).toBe('1 mrt 2026');
    expect(formatDate(MARCH_FIRST, { ...UTC, locale: 'nl', dateStyle: 'long' })).toBe('1 maart 2026');
  });

  it('writes date and time, 12-hour in English and 24-hour in Dutch', () => {
    expect(spaced(formatDateTime(MARCH_FIRST, { ...UTC, locale: 'en' }))).toBe('Mar 1, 2026, 1:05 PM');
    expect(formatDateTime(MARCH_FIRST, { ...UTC, locale: 'nl' })).toBe('1 mrt 2026, 13:05');
    expect(formatDateTime(MARCH_FIRST, { ...UTC, locale: 'nl', dateStyle: 'short', timeStyle: 'short' })).toBe(
      '01-03-2026, 13:05',
    );
  });

  it('writes a time to the second', () => {
    expect(spaced(formatTime(MARCH_FIRST, { ...UTC, locale: 'en' }))).toBe('01:05:09 PM');
    expect(formatTime(MARCH_FIRST, { ...UTC, locale: 'nl' })).toBe('13:05:09');
  });

  it('uses the fields asked for instead of the defaults', () => {
    const long = { ...UTC, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
    expect(formatDate(MARCH_FIRST, { ...long, locale: 'en' })).toBe('Sunday, March 1, 2026');
    expect(formatDate(MARCH_FIRST, { ...long, locale: 'nl' })).toBe('zondag 1 maart 2026');
  });

  it('takes Date objects and timestamps', () => {
    const date = new Date(MARCH_FIRST);
    expect(formatDate(date, { ...UTC, locale: 'nl' })).toBe('1 mrt 2026');
    expect(formatDate(date.getTime(), { ...UTC, locale: 'nl' })).toBe('1 mrt 2026');
  });

  it('writes nothing for a value that is no date', () => {
    expect(formatDate('nope', { locale: 'en' })).toBe('');
    expect(formatDateTime('', { locale: 'en' })).toBe('');
    expect(formatTime(Number.NaN, { locale: 'en' })).toBe('');
  });
});

describe('the language', () => {
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('is the user’s language in i18next, English before i18next knows one', async () => {
    expect(i18next.resolvedLanguage).toBeUndefined();
    expect(formatLocale()).toBe('en');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    const resources = { en: { common: { yes: 'Yes' } }, nl: { common: { yes: 'Ja' } } };
    await i18next.init({ lng: 'nl', fallbackLng: 'en', resources, showSupportNotice: false });
    expect(formatLocale()).toBe('nl');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatDate(MARCH_FIRST, UTC)).toBe('1 mrt 2026');
    expect(formatLocale('en')).toBe('en');
  });
});
