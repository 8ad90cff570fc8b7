import { REQUEST_LIMITS } from './request-limits.ts';

/** An answer other than 2xx that the client is meant to read: never a stack trace. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The first messages, by field, up to the limit: a body of many bad fields gets a small answer. */
function firstErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const kept = Object.create(null) as Record<string, string[]>;
  let left: number = REQUEST_LIMITS.validationErrors;
  for (const [field, messages] of Object.entries(errors)) {
    if (left <= 0) break;
    kept[field] = messages.slice(0, left);
    left -= kept[field].length;
  }
  return kept;
}

/** A 422 naming at most 20 field errors; its message counts them all. */
export class ValidationError extends HttpError {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>, message = firstMessage(errors) ?? 'The given data was invalid.') {
    const kept = firstErrors(errors);
    super(422, message, { errors: kept });
    this.errors = kept;
  }
}

function firstMessage(errors: Record<string, string[]>): string | undefined {
  const all = Object.values(errors).flat();
  if (all.length === 0) return undefined;
  return all.length > 1 ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})` : all[0];
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unauthenticated = (message = 'Unauthenticated.') => new HttpError(401, message);
