import { ApiError } from '../../../lib/api/api-client.ts';

/**
 * The per-field messages of a 422, keyed by the form's field (`labels.0` → `labels`), and the
 * general message for anything else.
 */
export function saveErrors(error: unknown): { fields: Record<string, string>; message: string | null } {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return { fields, message: null };
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = key.split('.')[0] ?? key;
    const message = messages[0];
    if (message && !fields[field]) fields[field] = message;
  }
  const message = Object.keys(fields).length === 0 ? (error.body.message ?? null) : null;
  return { fields, message };
}
