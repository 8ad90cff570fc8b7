import { ApiError } from '../../lib/api/api-client.ts';
import { fieldOf } from '../forms/server-errors.logic.ts';

export interface FormErrors<F extends string> {
  /** The first message per form field that the answer named. */
  fields: Partial<Record<F, string>>;
  /** A banner text: what no field took, or a failure that was not a 422. Null when fields took everything. */
  message: string | null;
}

/**
 * The messages of a failed save, placed by the form's own field names: `fields` maps a server
 * field (`upload_id`, `project_id`, `libraries.0`) to the form field it belongs to (`file`, …).
 */
export function formErrorsOf<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
  fallback: string,
): FormErrors<F> {
  const placed: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return { fields: placed, message: fallback };
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const field = fields[fieldOf(key)];
    if (field === undefined) unplaced.push(message);
    else placed[field] ??= message;
  }
  const anyPlaced = Object.keys(placed).length > 0;
  if (anyPlaced && unplaced.length === 0) return { fields: placed, message: null };
  return { fields: placed, message: unplaced[0] ?? error.body.message ?? fallback };
}

/** A record's default name from its file: the name without its extension (`spider-obj.zip` → `spider-obj`). */
export function nameFromFileName(fileName: string): string {
  const base = fileName.replaceAll('\\', '/').split('/').pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.trim().slice(0, 255);
}
