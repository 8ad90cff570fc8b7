import i18next from 'i18next';
import { FALLBACK_LANGUAGE } from './i18n.ts';

/**
 * The part of format.ts the signed-out screens need (the maintenance page on the /login route,
 * whose JS has a budget): the language formats are written in, the formatter cache, and dates.
 * Everything else imports these from format.ts, which re-exports them.
 */
export interface LocaleOption {
  /** A BCP 47 tag; the user's language when left out. */
  locale?: string | undefined;
}

export type DateOptions = Intl.DateTimeFormatOptions & LocaleOption;
/** A date as the API sends it (ISO 8601), a timestamp or a Date. */
export type DateInput = string | number | Date;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `key` from `formats`, built by `make` the first time. */
export function cached<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The locale formats are written in: the one asked for, else the user's language. */
export function formatLocale(locale?: string): string {
  return locale ?? i18next.resolvedLanguage ?? FALLBACK_LANGUAGE;
}

/** The options that say what of a date is written; without any, a function's defaults apply. */
const DATE_FIELDS = ['dateStyle', 'timeStyle', 'weekday', 'year', 'month', 'day', 'hour', 'minute', 'second'] as const;

function formatDateWith(value: DateInput, defaults: Intl.DateTimeFormatOptions, given: DateOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { locale, ...rest } = given;
  const options = DATE_FIELDS.some((field) => rest[field] !== undefined) ? rest : { ...defaults, ...rest };
  const tag = formatLocale(locale);
  return cached(dateFormats, `${tag} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options)).format(
    date,
  );
}

/** A date: 'Mar 1, 2026' (en), '1 mrt 2026' (nl); '' when the value is no date. */
export function formatDate(value: DateInput, options: DateOptions = {}): string {
  return formatDateWith(value, { dateStyle: 'medium' }, options);
}

/** A date and time: 'Mar 1, 2026, 2:05 PM' (en), '1 mrt 2026, 14:05' (nl); '' when the value is no date. */
export function formatDateTime(value: DateInput, options: DateOptions = {}): string {
  return formatDateWith(value, { dateStyle: 'medium', timeStyle: 'short' }, options);
}

/** A time to the second: '02:05:09 PM' (en), '14:05:09' (nl); '' when the value is no date. */
export function formatTime(value: DateInput, options: DateOptions = {}): string {
  return formatDateWith(value, { hour: '2-digit', minute: '2-digit', second: '2-digit' }, options);
}
