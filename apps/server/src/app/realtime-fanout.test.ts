import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type SubscribeAck, userChannel } from '@meshport/contract';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config/config.ts';
import { openDatabase } from '#core/db/database.ts';
import { RealtimeService } from '#core/realtime/realtime.service.ts';
import { expectCutWithin, newMember, openSocket } from '#test/live-sockets.ts';
import { BASE_DOMAIN, startTestApp, type TestApp } from '#test/test-app.ts';
import { buildApp } from './build-app.ts';
import { registerChannelKinds } from './messaging-services.ts';
import { createServices } from './services.ts';

const url = process.env.TEST_DATABASE_URL;

/** Two server processes in one: each its own HTTP server and RealtimeService, sharing PostgreSQL. */
describe.skipIf(!url)('realtime fan-out through PostgreSQL', () => {
  let t: TestApp;
  const nodes: { realtime: RealtimeService; server: http.Server; url: string }[] = [];
  let socket: Socket;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    for (let i = 0; i < 2; i++) {
      const server = http.createServer((_request, response) => response.writeHead(404).end());
      const realtime = new RealtimeService(t.services.sessions, t.services.tenants, {
        baseDomain: t.services.config.baseDomain,
        databaseUrl: url,
      });
      registerChannelKinds(realtime);
      realtime.attach(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      nodes.push({ realtime, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    socket?.disconnect();
    for (const node of nodes) {
      await node.realtime.close();
      await new Promise((resolve) => node.server.close(resolve));
    }
    await t.close();
  });

  it('an event emitted on one process reaches a socket on another, and a join crosses processes too', {
    timeout: 60_000,
  }, async () => {
    const token = await t.login('editor');
    const me = await t.request<{ user: { id: number; company_id: number } }>('/v2/auth/validate', { token });
    const channel = userChannel(me.body.user.company_id, me.body.user.id);
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    socket = io(b.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { host: t.host('acme') },
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received: unknown[] = [];
    socket.on('Ping', (payload: unknown) => received.push(payload));

    const ack: SubscribeAck = await socket.emitWithAck('subscribe', { channel });
    expect(ack.ok).toBe(true);
    const until = Date.now() + 5000;
    while (received.length === 0 && Date.now() < until) {
      a.realtime.emit(channel, 'Ping', { n: 1 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(received[0]).toEqual({ n: 1 });

    const listChannel = `private-company.${me.body.user.company_id}.ProjectModel`;
    // Processes learn of each other by heartbeat: until A has heard from B, it finds only its own sockets.
    let joined = false;
    const joinDeadline = Date.now() + 15_000;
    while (!joined && Date.now() < joinDeadline) {
      joined = await a.realtime.join(socket.id as string, listChannel, me.body.user.id, {
        companyId: me.body.user.company_id,
        platform: 'hatch',
      });
      if (!joined) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(joined).toBe(true);
    // A remote join travels through PostgreSQL without an acknowledgement: emit until it has landed.
    received.length = 0;
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) {
      a.realtime.emit(listChannel, 'Ping', { n: 2 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(received[0]).toEqual({ n: 2 });
  });

  it('a revocation answered by one server process ends a socket held by another within a second', {
    timeout: 60_000,
  }, async () => {
    // A second whole server (its own services, change feed and HTTP port) on the same database.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-second-'));
    const config = loadConfig({ BASE_DOMAIN, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir });
    const shared = (t.database.driver as { pool: pg.Pool }).pool.options.connectionString as string;
    const database = await openDatabase({ kind: 'postgres', url: shared, poolSize: 3 });
    const second = await buildApp(createServices(config, database), { logger: false });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const admin = await t.login('admin');
      for (const [cause, revoke] of [
        [
          'removal',
          (me: { id: number; token: string }) => t.request(`/v2/users/${me.id}`, { method: 'DELETE', token: admin }),
        ],
        ['logout', (me: { id: number; token: string }) => t.request('/v2/logout', { token: me.token })],
      ] as const) {
        const me = await newMember(t, `two-processes-${cause}`, {
          role: 'Editor',
          licences: ['hatch'],
          alsoIn: ['globex'],
        });
        const remote = await openSocket(t, me.token, t.host('acme'), secondUrl);
        try {
          await expectCutWithin(remote, async () => expect((await revoke(me)).status).toBe(200));
        } finally {
          remote.disconnect();
        }
      }
    } finally {
      await second.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
