import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ApiClient, createClient, signInEndpoints } from '@meshport/contract';
import {
  type HttpResponse,
  httpRequest,
  type NodeClientOptions,
  nodeTransport,
  type RequestOptions,
} from '@meshport/contract/node-http';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp } from '#app/build-app.ts';
import { createServices, type Services } from '#app/services.ts';
import type { RateLimits } from '#core/auth/login-rate-limiter.ts';
import { loadConfig } from '#core/config/config.ts';
import { type Database, openDatabase } from '#core/db/database.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export const BASE_DOMAIN = 'meshport.test';
export { DEMO_PASSWORD } from '#dev/seed/demo-seed.ts';

/** The databases the suite runs on: PGlite always, the PostgreSQL server when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs the same tests once per database kind. */
export function describeEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of DATABASE_KINDS) describe(`${name} [${kind}]`, () => body(kind));
}

/**
 * A fresh database of that kind, copied from the run's snapshot (migrated, with or without the
 * demo data); `drop` removes it when done.
 */
export async function freshDatabase(
  kind: DatabaseKind,
  variant: 'bare' | 'demo' = 'bare',
  pgliteQueueTimeoutMs?: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const snapshots = inject('snapshots');
  if (kind === 'pglite') {
    const snapshot = new Blob([fs.readFileSync(snapshots.pglite[variant])]);
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      snapshot,
      queueTimeoutMs: pgliteQueueTimeoutMs,
    });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const template = snapshots.postgres?.[variant];
  if (!template) throw new Error('TEST_DATABASE_URL is set but no template database was prepared');
  const name = `meshport_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      // another suite copying the same template at this instant: wait and try again
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  url: string;
  services: Services;
  database: Database;
  undeclaredRoutes: string[];
  /** The lists' warm-ups at start (main.ts runs them after listening), for lists of at least `fromRows` rows. */
  warmUps: ((fromRows?: number) => Promise<void>)[];
  /** An HTTP request to the running server, by default on the acme hatch host. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; their assertions check the shape
  request<T = any>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** The typed client (`call(endpoint, input)`, `count(…)`) as `who`, by default on the acme hatch host. */
  client(who?: Omit<NodeClientOptions, 'baseUrl'>): ApiClient;
  /** Signs in and returns a bearer token. */
  login(username: string, host?: string): Promise<string>;
  host(tenant: string, platform?: 'hatch' | 'customerportal' | null): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  rateLimits?: RateLimits;
  /** What `/readyz` says while the server warms up (build-app.ts `notReady`). */
  notReady?: () => string | null;
}

/** The whole server on a free port with a fresh database (demo data by default). */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-test-'));
  const config = loadConfig({
    BASE_DOMAIN,
    // Links in mails are built from this, as on a server behind a proxy on the standard port.
    PUBLIC_URL: `http://${BASE_DOMAIN}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG === '1' ? 'error' : 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const seeded = options.seed !== false;
  const { database, drop } = await freshDatabase(kind, seeded ? 'demo' : 'bare', config.databaseQueueTimeoutMs);
  if (seeded) fs.cpSync(inject('snapshots').demoStorage, path.join(dataDir, 'storage'), { recursive: true });
  const services = createServices(config, database, options.rateLimits);
  const { app, undeclaredRoutes, warmUps } = await buildApp(services, {
    logger: process.env.TEST_LOG === '1',
    validateAnswers: true,
    ...(options.notReady ? { notReady: options.notReady } : {}),
  });
  await services.jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const host = (tenant: string, platform: 'hatch' | 'customerportal' | null = 'hatch') =>
    `${platform ? `${platform}-` : ''}${tenant}.${BASE_DOMAIN}`;
  // Writes a test made straight in the database reach the server's caches before its next request.
  const request = async <T>(p: string, o: RequestOptions = {}) => {
    await services.changes.sync();
    return httpRequest<T>(url, p, { host: host('acme'), ...o });
  };
  const client = (who: Omit<NodeClientOptions, 'baseUrl'> = {}) => {
    const transport = nodeTransport({ baseUrl: url, host: host('acme'), ...who });
    return createClient(async (call) => {
      await services.changes.sync();
      return transport(call);
    });
  };
  return {
    url,
    services,
    database,
    undeclaredRoutes,
    warmUps,
    request,
    client,
    host,
    async login(username, loginHost = host('acme')) {
      const answer = await client({ host: loginHost }).call(signInEndpoints.login, {
        body: { identity: username, password: 'meshport-demo-2026', issue_token: true },
      });
      if (!answer.access_token) throw new Error(`login ${username} issued no token`);
      return answer.access_token;
    },
    async close() {
      await app.close();
      await services.jobs.stop();
      await services.processing.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
