import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '#core/db/database-busy-error.ts';
import { installErrorHandler } from './error-handler.ts';

const app = Fastify({ logger: false });
const thrown = new Map<string, unknown>([
  [
    'shutdown',
    new Error('Failed query: insert into projects …', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    }),
  ],
  ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['cut', new Error('Connection terminated unexpectedly')],
  ['busy', new DatabaseBusyError(5_000)],
  ['unique', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
]);

beforeAll(async () => {
  installErrorHandler(app);
  app.get('/:kind', async (request) => {
    throw thrown.get((request.params as { kind: string }).kind);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler, when the database is unavailable', () => {
  it('answers 503 {message} with Retry-After, whether the server shut the connection, refused it or cut it', async () => {
    for (const kind of ['shutdown', 'refused', 'cut']) {
      const answer = await app.inject({ method: 'GET', url: `/${kind}` });
      expect(answer.statusCode, kind).toBe(503);
      expect(answer.headers['retry-after'], kind).toBe('5');
      expect(answer.json(), kind).toEqual({ message: 'The database is unavailable. Please try again shortly.' });
    }
  });

  it('keeps its 503 for a busy embedded database, and a 500 without internals for any other failure', async () => {
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect([busy.statusCode, busy.headers['retry-after']]).toEqual([503, '1']);
    const other = await app.inject({ method: 'GET', url: '/unique' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ message: 'Internal server error' });
  });
});
