/**
 * Every number, size, date and duration the app shows is written here, on `Intl`, in the user's
 * language (i18next's resolved language) unless `locale` names another. A component that calls
 * `useTranslation()` renders again when the language changes, and so formats in the new one.
 * Building an `Intl` formatter is slow, so each locale and set of options builds one, once.
 */
import { cached, formatLocale, type LocaleOption } from './format-date.ts';
import { FALLBACK_LANGUAGE } from './i18n.ts';

export {
  type DateInput,
  type DateOptions,
  formatDate,
  formatDateTime,
  formatLocale,
  formatTime,
  type LocaleOption,
} from './format-date.ts';

export type NumberOptions = Intl.NumberFormatOptions & LocaleOption;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** 1234.5 → '1,234.5' (en), '1.234,5' (nl); any `Intl.NumberFormat` options (percent, digits). */
export function formatNumber(value: number, { locale, ...options }: NumberOptions = {}): string {
  const tag = formatLocale(locale);
  return cached(numberFormats, `${tag} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options)).format(
    value,
  );
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1536 → '1.5 KB' (en), '1,5 KB' (nl): multiples of 1024, as the server counts its limits and
 * file managers show sizes, with one decimal below 100. `Intl`'s byte units are decimal and
 * write 'kB', so only the number is left to it.
 */
export function formatBytes(bytes: number, options: LocaleOption = {}): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, { locale: options.locale, maximumFractionDigits: digits })} ${BYTE_UNITS[unit]}`;
}

/**
 * Unit symbols of durations, by language: `Intl`'s narrow units write '2s' and '4m' in English and its short ones
 * 'sec' and 'hr', so only the numbers are left to it.
 */
const DURATION_UNITS: Record<string, { h: string; min: string; s: string; ms: string }> = {
  en: { h: 'h', min: 'min', s: 's', ms: 'ms' },
  nl: { h: 'u', min: 'min', s: 's', ms: 'ms' },
};

function durationUnits(locale?: string) {
  const language = formatLocale(locale).split('-')[0] ?? FALLBACK_LANGUAGE;
  return DURATION_UNITS[language] ?? DURATION_UNITS.en ?? { h: 'h', min: 'min', s: 's', ms: 'ms' };
}

/** How long a step took: 850 → '850 ms', 12345 → '12.3 s' ('12,3 s' in nl), 125000 → '2 min 5 s'. */
export function formatDuration(ms: number, options: LocaleOption = {}): string {
  const units = durationUnits(options.locale);
  if (ms < 1000) return `${formatNumber(Math.round(ms), options)} ${units.ms}`;
  const seconds = ms / 1000;
  if (seconds < 60) {
    return `${formatNumber(seconds, { locale: options.locale, maximumFractionDigits: seconds < 10 ? 2 : 1 })} ${units.s}`;
  }
  return formatElapsed(ms, options);
}

/**
 * A processing time in whole units, the two largest that count: 2000 → '2 s', 240000 → '4 min',
 * 245000 → '4 min 5 s', 587 000 000 → '163 h 3 min' ('163 u 3 min' in nl). Seconds below an hour only.
 */
export function formatElapsed(ms: number, options: LocaleOption = {}): string {
  const units = durationUnits(options.locale);
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const part = (value: number, unit: string) => `${formatNumber(value, { locale: options.locale })} ${unit}`;
  if (hours > 0) return minutes > 0 ? `${part(hours, units.h)} ${part(minutes, units.min)}` : part(hours, units.h);
  if (minutes > 0)
    return seconds > 0 ? `${part(minutes, units.min)} ${part(seconds, units.s)}` : part(minutes, units.min);
  return part(seconds, units.s);
}

/** Metric or imperial lengths: imperial where the browser's region measures in feet and inches (decision 0037). */
export type LengthSystem = 'metric' | 'imperial';
const IMPERIAL_REGIONS = new Set(['US', 'LR', 'MM']);

export function lengthSystem(languages: readonly string[] = globalThis.navigator?.languages ?? []): LengthSystem {
  const region = languages[0] ? new Intl.Locale(languages[0]).maximize().region : undefined;
  return region && IMPERIAL_REGIONS.has(region) ? 'imperial' : 'metric';
}

/**
 * A model's real size, width × depth × height, from metres, in one unit for all three: metric in
 * mm below 1 m, else m; imperial in inches below 3 ft, else feet. '40 × 30 × 180 mm' (en).
 */
export function formatDimensions(
  size: { width: number; depth: number; height: number },
  options: LocaleOption & { system?: LengthSystem } = {},
): string {
  const system = options.system ?? lengthSystem();
  const largest = Math.max(size.width, size.depth, size.height);
  const [factor, unit] =
    system === 'imperial'
      ? largest < 0.9144
        ? [1 / 0.0254, 'inch']
        : [1 / 0.3048, 'foot']
      : largest < 1
        ? [1000, 'millimeter']
        : [1, 'meter'];
  const shown = [size.width, size.depth, size.height].map((metres) => metres * factor);
  const digits = unit === 'millimeter' ? (Math.max(...shown) >= 100 ? 0 : 1) : 2;
  const number = (value: number, style?: Intl.NumberFormatOptions) =>
    formatNumber(value, { locale: options.locale, maximumFractionDigits: digits, ...style });
  const [w, d, h] = shown as [number, number, number];
  return `${number(w)} × ${number(d)} × ${number(h, { style: 'unit', unit, unitDisplay: 'short' })}`;
}
