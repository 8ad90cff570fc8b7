import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  databaseUnavailableReason,
  isDatabaseUnavailable,
} from './database-unavailable-error.ts';

/** An error as node-postgres gives it: a message and the server's SQLSTATE, or the socket's errno. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle wraps a failed statement's error. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows the server going away by its SQLSTATE: connection exceptions, shutdown, start-up, full', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '08P01', '53300']) {
      expect(isDatabaseUnavailable(withCode('gone', code)), code).toBe(true);
    }
  });

  it('knows a connection that could not be opened or was cut by its errno', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN']) {
      expect(isDatabaseUnavailable(withCode(`connect ${code} 127.0.0.1:5432`, code)), code).toBe(true);
    }
  });

  it("knows node-postgres's and its pool's words for a lost connection", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it("looks into Drizzle's wrapper and into an AggregateError of each address tried", () => {
    const refused = withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED');
    expect(
      isDatabaseUnavailable(failedQuery(withCode('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(databaseUnavailableReason(failedQuery(withCode('the database system is starting up', '57P03')))).toBe(
      '57P03: the database system is starting up',
    );
    expect(isDatabaseUnavailable(new DatabaseUnavailableError({ cause: refused }))).toBe(true);
  });

  it('leaves the errors of a statement that was wrong, or of anything else, alone', () => {
    for (const code of ['23505', '42601', '40P01', '57014', '42501']) {
      expect(isDatabaseUnavailable(failedQuery(withCode('no', code))), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
