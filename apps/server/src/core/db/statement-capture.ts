import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

const capturing = new AsyncLocalStorage<string[]>();

/** A statement with the values of its parameters, as handed to the driver. */
export interface TappedStatement {
  text: string;
  params: unknown[];
}

const taps = new Set<(statement: TappedStatement) => void>();

/**
 * Drizzle's logger on every handle of `openDatabase`: hands the text of each statement to the
 * capture running in its async context, if any (tests check what cached routes read with it),
 * and to the taps. Without either it costs one lookup per statement.
 */
export const statementCapture: Logger = {
  logQuery(query: string, params: unknown[]): void {
    capturing.getStore()?.push(query);
    for (const tap of taps) tap({ text: query, params });
  },
};

/** Runs `work`, collecting the text of every statement it runs through Drizzle, in order. */
export async function captureStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await capturing.run(statements, work);
  return { result, statements };
}

/**
 * Every statement of the process, whatever its async context (a server answering HTTP requests
 * of the same test process), until the returned function is called. For tests.
 */
export function tapStatements(onStatement: (statement: TappedStatement) => void): () => void {
  taps.add(onStatement);
  return () => {
    taps.delete(onStatement);
  };
}
