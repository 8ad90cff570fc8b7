/** How long a client is told to wait (`Retry-After`): a restart, or a crash recovery, takes a few seconds. */
export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';

/**
 * The database server cannot be reached, or went away during the work (restart, crash, network).
 * What the work had not committed is rolled back; the caller may try again shortly.
 */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(DATABASE_UNAVAILABLE_MESSAGE, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs that say the server or the connection is gone, not that the statement was wrong:
 * class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Socket errors of a connection that could not be opened or was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres and its pool say so in words only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function unavailableHere(error: Error): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Why `error` means that the database is unavailable (the code or message of the error that
 * says so), or null when it does not. Looks into what it wraps: Drizzle wraps a failed
 * statement's error in `cause`, and a connection to several addresses fails with an
 * AggregateError of each attempt's.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    if (unavailableHere(current)) {
      const code = (current as { code?: unknown }).code;
      return typeof code === 'string' ? `${code}: ${current.message}` : current.message;
    }
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
