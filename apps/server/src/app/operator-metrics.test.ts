import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { httpRequest, type RequestOptions } from '@meshport/contract/node-http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#core/config/config.ts';
import { metricValue, parseMetrics } from '#core/operations/metrics-text.test-support.ts';
import type { OperatorServer } from '#core/operations/operator-server.ts';
import { BASE_DOMAIN, DEMO_PASSWORD, describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { buildApp } from './build-app.ts';
import { startOperatorListener } from './operator-listener.ts';
import { createServices, type Services } from './services.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A new id, as `newRequestId` makes them. */
const NEW_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;

describeEachDatabase('what an operator sees: /metrics on its own listener, request ids', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  let operator: OperatorServer;
  let url: string;
  let drop: () => Promise<void>;
  /** The app's log lines, as JSON. */
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-metrics-'));
    const config = loadConfig({
      BASE_DOMAIN,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      JOB_POLLING_SECONDS: '0.5',
      METRICS_PORT: '0',
    });
    const opened = await freshDatabase(kind, 'demo', config.databaseQueueTimeoutMs);
    drop = opened.drop;
    services = createServices(config, opened.database);
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
    ({ app } = await buildApp(services, { logStream: stream }));
    await services.jobs.start();
    const listener = await startOperatorListener(config, { place: 'process', log: app.log });
    if (!listener) throw new Error('METRICS_PORT is set: the listener should have started');
    operator = listener;
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await operator?.close();
    await app?.close();
    await services?.jobs.stop();
    await drop?.();
  });

  const request = <T>(p: string, options: RequestOptions = {}) =>
    httpRequest<T>(url, p, { host: `hatch-acme.${BASE_DOMAIN}`, ...options });
  const scrape = async () => {
    const answer = await fetch(`${operator.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };
  const requests = (text: string, route: string, method: string, status: string) =>
    metricValue(text, 'meshport_http_requests_total', { route, method, status }) ?? 0;
  const answered = (text: string, route: string, method: string, statusClass: string) =>
    metricValue(text, 'meshport_http_request_duration_seconds_count', { route, method, status_class: statusClass }) ??
    0;

  it('counts answers by route pattern and status, with their times, and the pool, on the operator port only', async () => {
    const login = await request<{ access_token: string }>('/v2/login', {
      method: 'POST',
      json: { identity: 'editor', password: DEMO_PASSWORD, issue_token: true },
    });
    expect(login.status, login.text).toBe(200);
    const token = login.body.access_token;
    const before = await scrape();

    expect((await request('/v2/projects?per_page=1', { token })).status).toBe(200);
    expect((await request(`/v2/no-such-thing/${Date.now()}`, { token })).status).toBe(404);
    expect((await request('/v2/login', { method: 'POST', json: {} })).status).toBe(422);

    const after = await scrape();
    // The route's pattern, never the URL asked for (no query, no id): a bounded set of series.
    expect(requests(after, '/v2/projects', 'GET', '200') - requests(before, '/v2/projects', 'GET', '200')).toBe(1);
    expect(requests(after, 'unmatched', 'GET', '404') - requests(before, 'unmatched', 'GET', '404')).toBe(1);
    expect(requests(after, '/v2/login', 'POST', '422') - requests(before, '/v2/login', 'POST', '422')).toBe(1);
    expect(parseMetrics(after).some((line) => /no-such-thing|per_page/.test(JSON.stringify(line.labels)))).toBe(false);
    expect(answered(after, '/v2/projects', 'GET', '2xx') - answered(before, '/v2/projects', 'GET', '2xx')).toBe(1);
    expect(answered(after, 'unmatched', 'GET', '4xx') - answered(before, 'unmatched', 'GET', '4xx')).toBe(1);
    const infBucket = metricValue(after, 'meshport_http_request_duration_seconds_bucket', {
      route: '/v2/projects',
      method: 'GET',
      status_class: '2xx',
      le: '+Inf',
    });
    expect(infBucket).toBe(answered(after, '/v2/projects', 'GET', '2xx'));

    for (const state of ['in_use', 'idle', 'waiting']) {
      expect(metricValue(after, 'meshport_db_pool_connections', { pool: 'app', state })).toBeGreaterThanOrEqual(0);
    }
    if (kind === 'postgres') expect(metricValue(after, 'meshport_db_pool_connections', { pool: 'jobs' })).toBeDefined();
    expect(metricValue(after, 'meshport_realtime_connected_sockets')).toBeGreaterThanOrEqual(0);
    expect(metricValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // The public port has no /metrics: the operator listener is the only place they are served.
    const open = await request('/metrics');
    expect(open.status).toBe(404);
    expect(open.text).not.toContain('meshport_');
    expect((await fetch(`${operator.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${operator.url}/nothing`)).status).toBe(404);
  });

  it('has each job name queued and active, and counts a job once it has run', async () => {
    const name = 'recycle-bin.purge';
    const before = await scrape();
    for (const gauge of ['meshport_jobs_queued', 'meshport_jobs_active', 'meshport_job_oldest_queued_age_seconds']) {
      expect(metricValue(before, gauge, { name }), gauge).toBeGreaterThanOrEqual(0);
    }
    const completed = (text: string) => metricValue(text, 'meshport_jobs_completed_total', { name }) ?? 0;
    await services.jobs.enqueue(name, {});
    const deadline = Date.now() + 20_000;
    let after = await scrape();
    while (completed(after) === completed(before) && Date.now() < deadline) {
      await sleep(200);
      after = await scrape();
    }
    expect(completed(after) - completed(before)).toBe(1);
    expect(metricValue(after, 'meshport_job_duration_seconds_count', { name })).toBeGreaterThanOrEqual(1);
  });

  it('answers with a request id: the proxy’s when it looks safe, a new one otherwise; its log lines name it', async () => {
    const given = 'nginx-7f3a.b_9';
    const honoured = await request('/healthz', { headers: { 'x-request-id': given } });
    expect(honoured.headers['x-request-id']).toBe(given);
    for (const hostile of ['x'.repeat(500), 'café-id', 'a b', '']) {
      const replaced = await request('/healthz', { headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id'], hostile.slice(0, 20)).toMatch(NEW_ID);
    }
    const errors = [
      await request(`/v2/no-such-thing`, { headers: { 'x-request-id': 'for-a-404' } }),
      await request('/v2/login', { method: 'POST', json: {}, headers: { 'x-request-id': 'for-a-422' } }),
      await request('/v2/login', {
        method: 'POST',
        body: '{"broken',
        headers: { 'content-type': 'application/json', 'x-request-id': 'for-a-400' },
      }),
    ];
    expect(errors.map((answer) => [answer.status, answer.headers['x-request-id']])).toEqual([
      [404, 'for-a-404'],
      [422, 'for-a-422'],
      [400, 'for-a-400'],
    ]);
    const lines = logged.filter((line) => line.reqId === given);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged.filter((line) => line.reqId === 'for-a-422').length).toBeGreaterThanOrEqual(2);
  });
});
