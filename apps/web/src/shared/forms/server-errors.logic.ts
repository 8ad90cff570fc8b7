import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/api-client.ts';

/** `labels.0` and `libraries[0][id]` belong to the `labels` / `libraries` field. */
export function fieldOf(key: string): string {
  return key.split(/[.[]/)[0] ?? key;
}

export interface ServerErrorResult {
  /** Text for a banner: the answer's message when no field took it, or a failure without fields. */
  message: string | null;
  /** The fields that received a message, the focused one first. */
  fields: string[];
  /** The 422 messages that no field of the form took. */
  unplaced: string[];
}

/**
 * Where a 422's messages go: the form's fields (a server key `labels.0` or `libraries[0][id]` goes
 * to `labels` / `libraries`), or a function from the server's key (and its messages) to a field, to
 * messages per field (`{}`: the caller shows it beside something that is no form field, such as
 * a material's map upload), or to null when the form has no place for it.
 */
export type ServerFieldMap<T extends FieldValues> =
  | readonly Path<T>[]
  | ((key: string, messages: readonly string[]) => Path<T> | Partial<Record<Path<T>, string>> | null);

/** The fields a key's messages go to; null when the form has no place for them. */
function placesOf<T extends FieldValues>(
  map: ServerFieldMap<T>,
  key: string,
  messages: readonly string[],
): [Path<T>, string][] | null {
  const first = messages[0];
  if (typeof map !== 'function') {
    const field = fieldOf(key) as Path<T>;
    return first !== undefined && map.includes(field) ? [[field, first]] : null;
  }
  const place = map(key, messages);
  if (place === null) return null;
  if (typeof place === 'string') return first === undefined ? null : [[place, first]];
  return Object.entries(place).filter((entry): entry is [Path<T>, string] => typeof entry[1] === 'string');
}

/**
 * The one way a form shows a failed save: puts a 422's messages under the form's fields
 * (`setError` per field, its first message, focus on the first field); what no field takes, and
 * any other failure, comes back as one banner text.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ServerFieldMap<T>,
  setError: UseFormSetError<T>,
  fallback: string,
): ServerErrorResult {
  if (!(error instanceof ApiError)) return { message: fallback, fields: [], unplaced: [] };
  const placed: string[] = [];
  const unplaced: string[] = [];
  let shown = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if (messages[0] === undefined) continue;
    const places = placesOf(fields, key, messages);
    if (places === null) {
      unplaced.push(messages[0]);
      continue;
    }
    shown = true;
    for (const [field, message] of places) {
      if (placed.includes(field)) continue;
      setError(field, { type: 'server', message }, { shouldFocus: placed.length === 0 });
      placed.push(field);
    }
  }
  if (shown && unplaced.length === 0) return { message: null, fields: placed, unplaced };
  return { message: unplaced[0] ?? error.body.message ?? fallback, fields: placed, unplaced };
}
