import { fieldErrors } from './error-handler.ts';
import { HttpError, ValidationError } from './http-error.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

/** The 413 of a body with more values than any call takes. */
export function tooManyFields(): HttpError {
  return new HttpError(413, `The request has more than ${REQUEST_LIMITS.fields} fields.`);
}

/** A field name as an error key: long names are cut (the limit is what is wrong with them). */
export function shownKey(key: string): string {
  return key.length > 60 ? `${key.slice(0, 60)}…` : key;
}

/** The errors of one key's own shape (length, depth), or null when it is within the limits. */
export function keyProblem(key: string, depth: number): string | null {
  if (key.length > REQUEST_LIMITS.keyLength) return `Field names are at most ${REQUEST_LIMITS.keyLength} characters.`;
  if (depth > REQUEST_LIMITS.depth) return `Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`;
  return null;
}

/**
 * Checks a parsed body against REQUEST_LIMITS before validation: a walk with its own stack (no
 * recursion), which stops at the first value over the field limit (413) and at the
 * `validationErrors`-th shape error (422: lists too long, names too long, nesting too deep).
 * Lists are judged by their length before any entry is looked at.
 */
export function checkBodyShape(body: unknown): void {
  const errors = fieldErrors();
  let errorCount = 0;
  let fields = 0;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  const fail = (path: string, message: string) => {
    errors[path || 'request'] = [message];
    errorCount++;
  };
  while (stack.length > 0 && errorCount < REQUEST_LIMITS.validationErrors) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (value === null || typeof value !== 'object' || value instanceof File || Buffer.isBuffer(value)) {
      if (++fields > REQUEST_LIMITS.fields) throw tooManyFields();
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > REQUEST_LIMITS.arrayLength) {
        fail(path, `At most ${REQUEST_LIMITS.arrayLength} entries.`);
        continue;
      }
      if (value.length === 0 && ++fields > REQUEST_LIMITS.fields) throw tooManyFields();
      if (value.length > 0 && depth + 1 > REQUEST_LIMITS.depth) {
        fail(path, `Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`);
        continue;
      }
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], path: path ? `${path}.${index}` : String(index), depth: depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length === 0 && ++fields > REQUEST_LIMITS.fields) throw tooManyFields();
    if (keys.length > REQUEST_LIMITS.fields) throw tooManyFields();
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      const keyPath = path ? `${path}.${shownKey(key)}` : shownKey(key);
      const problem = keyProblem(key, depth + 1);
      if (problem) {
        fail(keyPath, problem);
        if (errorCount >= REQUEST_LIMITS.validationErrors) break;
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: keyPath, depth: depth + 1 });
    }
  }
  if (errorCount > 0) throw new ValidationError(errors);
}

/** Nesting past which JSON text is refused unread (checkBodyShape names the field of a lesser excess). */
const SCAN_DEPTH = 64;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** `previous` after a string, a literal or a closed list/object. */
const VALUE = -1;
const DELIMITERS = new Set([
  0x20,
  0x0a,
  0x0d,
  0x09,
  QUOTE,
  OPEN_OBJECT,
  OPEN_ARRAY,
  CLOSE_OBJECT,
  CLOSE_ARRAY,
  COMMA,
  COLON,
]);
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The index of the quote that ends the string opened at `start` (the text's end if none does). */
function endOfString(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/**
 * One pass over JSON text before `JSON.parse` builds anything from it: counts the values
 * (scalars, and empty lists and objects) and each list's or object's entries, and follows the
 * nesting, stopping at the first past REQUEST_LIMITS.fields (413) or SCAN_DEPTH (422). What
 * passes is cheap to parse; its syntax is JSON.parse's to judge.
 */
export function scanJsonText(text: string): void {
  const commas: number[] = [];
  const isObject: boolean[] = [];
  let values = 0;
  let previous = 0;
  const countValue = () => {
    if (++values > REQUEST_LIMITS.fields) throw tooManyFields();
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    if (code === QUOTE) {
      const isKey = isObject.at(-1) === true && (previous === OPEN_OBJECT || previous === COMMA);
      if (!isKey) countValue();
      index = endOfString(text, index);
      previous = VALUE;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      commas.push(0);
      isObject.push(code === OPEN_OBJECT);
      if (commas.length > SCAN_DEPTH) {
        throw new ValidationError({ request: [`Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`] });
      }
      previous = code;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (previous === OPEN_OBJECT || previous === OPEN_ARRAY) countValue();
      commas.pop();
      isObject.pop();
      previous = VALUE;
    } else if (code === COMMA) {
      const last = commas.length - 1;
      if (last >= 0 && ++(commas[last] as number) >= REQUEST_LIMITS.fields) throw tooManyFields();
      previous = code;
    } else if (code === COLON) {
      previous = code;
    } else {
      // a number, true, false or null: to the next delimiter
      countValue();
      while (index + 1 < text.length && !DELIMITERS.has(text.charCodeAt(index + 1))) index++;
      previous = VALUE;
    }
  }
}
