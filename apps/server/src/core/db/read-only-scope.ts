import { AsyncLocalStorage } from 'node:async_hooks';

const readingOnly = new AsyncLocalStorage<true>();

/**
 * Runs `work` (a GET or HEAD handler) with its tenant transactions read only (database.ts): a
 * statement that would write fails, and the answer does not wait for the COMMIT, which has
 * nothing to make durable (decision 0031). Work it starts in the background inherits this.
 */
export function runReadingOnly<T>(work: () => Promise<T>): Promise<T> {
  return readingOnly.run(true, work);
}

export function readingOnlyNow(): boolean {
  return readingOnly.getStore() === true;
}

/**
 * Runs `work` with writing transactions inside a GET: for the reads that must write by their
 * protocol (the OAuth callback stores a grant, reading a token may refresh it).
 */
export function runWriting<T>(work: () => T): T {
  return readingOnly.exit(work);
}
