import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, jobLogFields, withLogContext } from '#core/operations/log-context.ts';
import { installRequestIds, requestId } from './request-id.ts';

/** A new id, as `newRequestId` makes them. */
const NEW_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;
const given = (value: string | string[] | undefined) =>
  requestId({ headers: { 'x-request-id': value } } as unknown as IncomingMessage);

/** Log lines as written (raw, to see a key written twice) and parsed. */
function capture() {
  const raw: string[] = [];
  return {
    raw,
    stream: { write: (line: string) => void raw.push(line) },
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('request ids', () => {
  it('keeps a proxy’s id that looks like one, and replaces anything else with a new one', () => {
    for (const safe of ['a', 'nginx-7f3a.b_9', 'A'.repeat(64), '0c6b1f7e-5b8e-4c1e-9d7a-2f9b3a1c4d5e']) {
      expect(given(safe)).toBe(safe);
    }
    for (const hostile of [
      '',
      'x'.repeat(65),
      'y'.repeat(500),
      'a\nb',
      'a\r\nx-admin: 1',
      'ünï',
      '😀',
      'a b',
      'a"b',
      '{"a":1}',
    ]) {
      expect(given(hostile), hostile.slice(0, 20)).toMatch(NEW_ID);
    }
    expect(given(['one', 'two'])).toMatch(NEW_ID);
    expect(given(undefined)).toMatch(NEW_ID);
    expect(given(undefined)).not.toBe(given(undefined));
  });

  it('returns the id on every answer, and every line logged for the request names it once, whatever the logger', async () => {
    const fastifyLog = capture();
    const serviceLog = capture();
    const service = createLogger('info', serviceLog.stream);
    const app = Fastify({
      logger: { level: 'info', mixin: jobLogFields, stream: fastifyLog.stream },
      genReqId: requestId,
    });
    installRequestIds(app);
    app.post('/work', async (request) => {
      // After the body was read (socket events) and a turn of the event loop: still this request's.
      await new Promise((resolve) => setImmediate(resolve));
      request.log.info('by the request logger');
      service.info({ step: 1 }, 'by a service logger made at start');
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    // Over a real socket, the body a moment after the head: it arrives on the connection's
    // events, outside the context the request entered.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ok = await new Promise<IncomingMessage>((resolve, reject) => {
      const sent = http.request({
        port: (app.server.address() as AddressInfo).port,
        method: 'POST',
        path: '/work',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', 'content-length': 7 },
      });
      sent.on('response', resolve).on('error', reject);
      sent.flushHeaders();
      setTimeout(() => sent.end('{"a":1}'), 50);
    });
    ok.resume();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBe('req-1');
    const failed = await app.inject({ method: 'GET', url: '/fails', headers: { 'x-request-id': 'req-2' } });
    expect([failed.statusCode, failed.headers['x-request-id']]).toEqual([500, 'req-2']);
    const missing = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'bad id' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(NEW_ID);

    expect(serviceLog.lines()).toMatchObject([{ reqId: 'req-1', step: 1, msg: 'by a service logger made at start' }]);
    const own = fastifyLog.lines().filter((line) => line.reqId === 'req-1');
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'by the request logger', 'request completed']);
    const requestLines = fastifyLog.raw.filter((line) => line.includes('"reqId"'));
    expect(requestLines.every((line) => (line.match(/"reqId"/g) ?? []).length === 1)).toBe(true);
    expect(fastifyLog.lines().find((line) => line.reqId === 'req-2' && line.level === 50)).toBeDefined();

    service.info('outside any request');
    expect(serviceLog.lines().at(-1)).not.toHaveProperty('reqId');
    await app.close();
  });

  it('names the job on the lines a job’s work logs, through the app’s logger too', async () => {
    const fastifyLog = capture();
    const serviceLog = capture();
    const app = Fastify({ logger: { level: 'info', mixin: jobLogFields, stream: fastifyLog.stream } });
    const service = createLogger('info', serviceLog.stream);
    await withLogContext({ jobId: 'job-7', job: 'test.job' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      app.log.info('from the app logger');
      service.info('from a service logger');
    });
    expect(fastifyLog.lines().at(-1)).toMatchObject({ jobId: 'job-7', job: 'test.job', msg: 'from the app logger' });
    expect(serviceLog.lines().at(-1)).toMatchObject({ jobId: 'job-7', job: 'test.job', msg: 'from a service logger' });
    await app.close();
  });
});
