/**
 * A statement or transaction waited longer than the queue timeout for the embedded database's
 * one connection, and was not run. Nothing was done: the caller may try again shortly.
 */
export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super('The database is busy. Please try again shortly.');
    this.name = 'DatabaseBusyError';
  }
}

/** Whether `error`, or an error it wraps (Drizzle wraps a failed statement's), is a DatabaseBusyError. */
export function databaseBusyError(error: unknown): DatabaseBusyError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof DatabaseBusyError) return current;
    current = current.cause;
  }
  return null;
}
