import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api/api-client.ts';

/** `labels.0` and `libraries[0][id]` belong to the `labels` / `libraries` field. */
export function fieldOf(key: string): string {
  return key.split(/[.[]/)[0] ?? key;
}

export interface ServerErrorResult {
  /** Text for a banner: the answer's message when no field took it, or a failure without fields. */
  message: string | null;
  /** The fields that received a message. */
  fields: string[];
}

/**
 * Puts a 422's messages under the form's fields (`setError` per field, first message each);
 * what no field of the form takes, and any other failure, comes back as one banner text.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): ServerErrorResult {
  if (!(error instanceof ApiError)) return { message: fallback, fields: [] };
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(key) as Path<T>;
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(field)) {
      if (!placed.includes(field)) {
        setError(field, { type: 'server', message }, { shouldFocus: placed.length === 0 });
        placed.push(field);
      }
    } else unplaced.push(message);
  }
  if (placed.length > 0 && unplaced.length === 0) return { message: null, fields: placed };
  return { message: unplaced[0] ?? error.body.message ?? fallback, fields: placed };
}
