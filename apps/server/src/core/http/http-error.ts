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

export class ValidationError extends HttpError {
  constructor(
    readonly errors: Record<string, string[]>,
    message = firstMessage(errors) ?? 'The given data was invalid.',
  ) {
    super(422, message, { errors });
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
