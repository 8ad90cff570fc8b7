import { countList, paramKind, parseSourceMessage } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatBytes, formatDuration, formatNumber } from './format.ts';

/** A stored processing message: its English text, and its code and parameters when it has them (decision 0038). */
export interface StoredMessage {
  message: string | null;
  message_code?: string | null;
  message_params?: Record<string, string> | null;
}

/**
 * A processing message in the reader's language: by its code (`common:viewer.messages.<code>`) when it has one the
 * locales know; an event stored before codes by the code its English text reads as (`parseSourceMessage`); else the
 * stored text.
 */
export function processingMessage(t: TFunction, stored: StoredMessage): string | null {
  const { message, message_code: code } = stored;
  const coded = code ? { code, params: stored.message_params ?? {} } : parseSourceMessage(message);
  if (!coded) return message;
  return codedMessage(t, coded) ?? message;
}

/** An English processing text (a warning, a note) in the reader's language where the table knows it. */
export function processingText(t: TFunction, text: string): string {
  const coded = parseSourceMessage(text);
  return (coded && codedMessage(t, coded)) ?? text;
}

function codedMessage(t: TFunction, { code, params }: { code: string; params: Record<string, string> }): string | null {
  const replace = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, readerParam(t, name, value)]),
  );
  // `replace` keeps parameters apart from t's own options (count, context, ...).
  const text = t(`common:viewer.messages.${code}`, { replace, defaultValue: '' });
  return text === '' ? null : text;
}

/** A parameter as the reader reads it: numbers, sizes and durations in their language, texts of their own translated. */
function readerParam(t: TFunction, name: string, value: string): string {
  const number = Number(value);
  switch (paramKind(name)) {
    case 'bytes':
      return formatBytes(number);
    case 'duration':
      return formatDuration(number);
    case 'number':
      return formatNumber(number);
    case 'count':
    case 'counts':
      return countList(value)
        .map(([thing, count]) =>
          t(`common:viewer.messageParts.counts.${thing}`, { count, replace: { value: formatNumber(count) } }),
        )
        .join(', ');
    case 'text':
      return processingText(t, value);
    case 'warnings':
      return value
        .split('\n')
        .filter(Boolean)
        .map((warning) => t('common:viewer.messageParts.warning', { replace: { text: processingText(t, warning) } }))
        .join('');
    case 'step':
      return t(`common:viewer.steps.${value}`, { defaultValue: value }).toLowerCase();
    default:
      if (name === 'unit') return t(`common:viewer.messageParts.units.${value}`, { defaultValue: value });
      // A map's kind as the converter writes it (`base color`): its key's first underscore became a space.
      if (name === 'map') {
        return t(`common:viewer.maps.kinds.${value.replace(' ', '_')}`, { defaultValue: value }).toLowerCase();
      }
      return value;
  }
}
