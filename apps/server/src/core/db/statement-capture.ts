import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

const capturing = new AsyncLocalStorage<string[]>();

/**
 * Drizzle's logger on every handle of `openDatabase`: hands the text of each statement to the
 * capture running in its async context, if any (tests check what cached routes read with it).
 * Without a capture it costs one lookup per statement.
 */
export const statementCapture: Logger = {
  logQuery(query: string): void {
    capturing.getStore()?.push(query);
  },
};

/** Runs `work`, collecting the text of every statement it runs through Drizzle, in order. */
export async function captureStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await capturing.run(statements, work);
  return { result, statements };
}
