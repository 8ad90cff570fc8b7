import type { TFunction } from 'i18next';

/** A stored processing message: its English text, and its code and parameters when it has them (decision 0038). */
export interface StoredMessage {
  message: string | null;
  message_code?: string | null;
  message_params?: Record<string, string> | null;
}

/**
 * A processing message in the reader's language: by its code (`common:viewer.messages.<code>`) when it has one the
 * locales know, else the stored text (events from before codes, and messages without one).
 */
export function processingMessage(t: TFunction, stored: StoredMessage): string | null {
  const { message, message_code: code } = stored;
  if (!code) return message;
  // `replace` keeps parameters apart from t's own options (count, context, ...).
  const text = t(`common:viewer.messages.${code}`, { replace: stored.message_params ?? {}, defaultValue: '' });
  return text === '' ? message : text;
}
