/**
 * Issue 29 item 3: the database goes away under load and comes back. While it is down the server
 * answers 503 with Retry-After (never a 500, never a dropped connection) and `/readyz` says 503;
 * it serves again within 5 s of the database's return without being restarted; every write it
 * acknowledged with a 2xx is there afterwards; a job that fell due meanwhile is worked.
 */
import fs from 'node:fs';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_DOMAIN,
  freePort,
  type MeshportProcess,
  runMeshport,
  startMeshport,
  tail,
  tempDir,
  waitForReady,
} from '../support/meshport-process.ts';
import {
  createPostgresCluster,
  type PostgresCluster,
  postgresClusterUnavailable,
} from '../support/postgres-cluster.ts';
import { type CallOptions, call } from '../support/proxy-load.ts';

const UNAVAILABLE = postgresClusterUnavailable();
const RECOVERY_LIMIT_MS = 5_000;
const DEMO_PASSWORD = 'meshport-demo-2026';
const UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
/** The Socket.IO adapter takes up to 3 s to listen again; events published before that are not heard. */
const REALTIME_SETTLE_MS = 5_000;

type Kind = 'write' | 'read' | 'ready';
interface Outcome {
  kind: Kind;
  /** When the request left (ms since the epoch). */
  at: number;
  /** The status, or why there was none (`reset`: the connection ended without an answer). */
  status: number | 'reset' | 'timeout';
  retryAfter: string | undefined;
  message: string | undefined;
  /** A write: the project name it asked for. */
  name?: string;
}

/** One request to the server on a connection of its own; rejects when the connection ends without an answer. */
const send = (port: number, path: string, options: Omit<CallOptions, 'headers' | 'ownConnection'> = {}) =>
  call({ port, host: `hatch-acme.${BASE_DOMAIN}:${port}` }, path, {
    ...options,
    headers: { 'cache-control': 'no-cache' },
    ownConnection: true,
  });

const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loops of writes (new projects), reads and readiness probes, recording every outcome, until stopped. */
class Load {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private written = 0;

  constructor(
    private readonly port: number,
    private readonly token: string,
    private readonly prefix: string,
  ) {}

  start(writers: number, readers: number): void {
    for (let i = 0; i < writers; i++) this.loops.push(this.loop('write', 20));
    for (let i = 0; i < readers; i++) this.loops.push(this.loop('read', 20));
    this.loops.push(this.loop('ready', 100));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  since(at: number, kind?: Kind): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.at >= at && (kind === undefined || outcome.kind === kind));
  }

  private async loop(kind: Kind, pauseMs: number): Promise<void> {
    while (this.running) {
      this.outcomes.push(await this.once(kind));
      await sleep(pauseMs);
    }
  }

  private async once(kind: Kind): Promise<Outcome> {
    const at = Date.now();
    const name = kind === 'write' ? `${this.prefix}-${++this.written}` : undefined;
    try {
      const answer =
        kind === 'write'
          ? await send(this.port, '/v2/projects', { method: 'POST', token: this.token, json: { name } })
          : kind === 'read'
            ? await send(this.port, '/v2/projects?per_page=5&sort=-id', { token: this.token })
            : await send(this.port, '/readyz');
      const retryAfter = answer.headers['retry-after'];
      return {
        kind,
        at,
        status: answer.status,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        message: messageOf(answer.body),
        ...(name ? { name } : {}),
      };
    } catch (error) {
      const status = error instanceof Error && error.message === 'timeout' ? 'timeout' : 'reset';
      return { kind, at, status, retryAfter: undefined, message: String(error), ...(name ? { name } : {}) };
    }
  }
}

interface Figures {
  scenario: string;
  downMs: number;
  answers: number;
  unavailable: number;
  readyzUnavailable: number;
  recoveryMs: Record<Kind, number>;
}

describe.skipIf(UNAVAILABLE !== null)('the database restarts under load', () => {
  let cluster: PostgresCluster | undefined;
  let server: MeshportProcess | undefined;
  let admin: pg.Pool;
  let port: number;
  let token: string;
  let dataDir: string | undefined;
  const acknowledged = new Set<string>();
  const refused = new Set<string>();
  const figures: Figures[] = [];

  beforeAll(async () => {
    cluster = await createPostgresCluster('restart');
    admin = new pg.Pool({ connectionString: cluster.urlOf('meshport'), max: 2 });
    admin.on('error', () => {});
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query('create database meshport');
    await setup.end();
    port = await freePort();
    dataDir = tempDir('restart');
    const env = {
      DATABASE_URL: cluster.urlOf('meshport'),
      DATA_DIR: dataDir,
      PORT: String(port),
      WORKERS: '2',
      JOB_POLLING_SECONDS: '1',
    };
    await runMeshport(['seed'], env);
    server = startMeshport(['serve', '--role', 'all'], env);
    // Four processes start at once (two HTTP workers, the background one, the primary): slow on a busy machine.
    await waitForReady(server, port, 240_000);
    const login = await send(port, '/v2/login', {
      method: 'POST',
      json: { identity: 'editor', password: DEMO_PASSWORD, issue_token: true },
    });
    expect(login.status).toBe(200);
    token = (login.body as { access_token: string }).access_token;
  });

  afterAll(async () => {
    if (figures.length > 0) {
      console.log(
        JSON.stringify(
          {
            writesAcknowledged: acknowledged.size,
            writesRefused: refused.size,
            unavailableAnswers: figures.reduce((sum, f) => sum + f.unavailable, 0),
            maxRecoveryMs: Math.max(...figures.flatMap((f) => Object.values(f.recoveryMs))),
            figures,
          },
          null,
          2,
        ),
      );
    }
    try {
      await server?.stop();
      await admin?.end().catch(() => {});
    } finally {
      await cluster?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** Log lines of the server that mention `word` (the last few), to explain a failure. */
  const linesAbout = (word: RegExp) =>
    (server?.output() ?? '')
      .split('\n')
      .filter((line) => word.test(line))
      .slice(-15)
      .join('\n');

  /**
   * A socket on one HTTP worker hears the writes of every worker: each of `count` new projects,
   * sent one after another on new connections (the cluster's primary deals them out in turn),
   * is followed by its content event. Across workers that goes through PostgreSQL's LISTEN.
   */
  async function realtimeFansOut(count: number, prefix: string): Promise<void> {
    const { rows } = await admin.query<{ id: number }>("select id from companies where sub_domain = 'acme'");
    const channel = `private-company.${(rows[0] as { id: number }).id}.Content`;
    const socket: Socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { host: `hatch-acme.${BASE_DOMAIN}:${port}` },
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('subscribe', { channel })).toMatchObject({ ok: true });
      let heard = 0;
      socket.on('ContentChanged', () => {
        heard++;
      });
      for (let i = 1; i <= count; i++) {
        const before = heard;
        const name = `${prefix}-${i}`;
        const answer = await send(port, '/v2/projects', { method: 'POST', token, json: { name } });
        expect(answer.status).toBe(201);
        acknowledged.add(name);
        const deadline = Date.now() + 3_000;
        while (heard === before && Date.now() < deadline) await sleep(20);
        expect(heard, `the content event of write ${i} of ${count}\n${linesAbout(/realtime/)}`).toBeGreaterThan(before);
      }
    } finally {
      socket.close();
    }
  }

  /** A recycle-bin purge that falls due `inMs` from now: while the database is down. */
  async function jobDueIn(inMs: number): Promise<string> {
    const { rows } = await admin.query<{ id: string }>(
      `insert into pgboss.job (name, data, start_after) values ('recycle-bin.purge', '{}', now() + $1 * interval '1 millisecond') returning id`,
      [inMs],
    );
    return (rows[0] as { id: string }).id;
  }

  async function jobState(id: string): Promise<string | null> {
    const { rows } = await admin.query<{ state: string }>(
      'select state::text from pgboss.job where id = $1 union all select state::text from pgboss.archive where id = $1',
      [id],
    );
    return rows[0]?.state ?? null;
  }

  /**
   * Runs the load through `outage` (which takes the database away and brings it back, resolving
   * when it accepts connections again), then until every kind of request has succeeded again.
   */
  async function through(scenario: string, outage: (marks: { down(): void }) => Promise<void>): Promise<void> {
    if (!server || !cluster) throw new Error('not set up');
    const load = new Load(port, token, `restart-${scenario.replaceAll(' ', '-')}-${Date.now()}`);
    load.start(2, 2);
    await sleep(1_500);
    const job = await jobDueIn(1_000);
    const stoppedAt = Date.now();
    let downAt = stoppedAt;
    await outage({
      down: () => {
        downAt = Date.now();
      },
    });
    const upAt = Date.now();
    const recovered = async () => {
      const deadline = upAt + 15_000;
      while (Date.now() < deadline) {
        const kinds: Kind[] = ['write', 'read', 'ready'];
        if (kinds.every((kind) => load.since(upAt, kind).some((o) => o.status === 200 || o.status === 201))) return;
        await sleep(100);
      }
    };
    await recovered();
    await sleep(1_000);
    await load.stop();

    for (const outcome of load.outcomes) {
      if (outcome.kind !== 'write' || !outcome.name) continue;
      if (outcome.status === 201) acknowledged.add(outcome.name);
      else refused.add(outcome.name);
    }
    const during = load.since(stoppedAt).filter((o) => o.at < upAt);
    const unavailable = during.filter((o) => o.status === 503);
    const recoveryMs = Object.fromEntries(
      (['write', 'read', 'ready'] as const).map((kind) => {
        const first = load.since(upAt, kind).find((o) => o.status === 200 || o.status === 201);
        return [kind, first ? first.at - upAt : Number.POSITIVE_INFINITY];
      }),
    ) as Record<Kind, number>;
    figures.push({
      scenario,
      downMs: upAt - downAt,
      answers: load.outcomes.length,
      unavailable: load.outcomes.filter((o) => o.status === 503 && o.kind !== 'ready').length,
      readyzUnavailable: load.outcomes.filter((o) => o.status === 503 && o.kind === 'ready').length,
      recoveryMs,
    });

    // Only success or 503: no 500, no connection ended without an answer, no request left hanging.
    const wrong = load.outcomes.filter((o) => {
      if (o.kind === 'write') return o.status !== 201 && o.status !== 503;
      return o.status !== 200 && o.status !== 503;
    });
    expect(wrong.slice(0, 5), tail(server.output())).toEqual([]);
    for (const outcome of load.outcomes.filter((o) => o.status === 503 && o.kind !== 'ready')) {
      expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(outcome.message).toBe(UNAVAILABLE_MESSAGE);
    }
    expect(unavailable.some((o) => o.kind === 'write')).toBe(true);
    expect(unavailable.some((o) => o.kind === 'read')).toBe(true);
    expect(unavailable.some((o) => o.kind === 'ready')).toBe(true);
    for (const kind of ['write', 'read', 'ready'] as const) {
      expect(recoveryMs[kind], `first ${kind} success after the database returned`).toBeLessThanOrEqual(
        RECOVERY_LIMIT_MS,
      );
    }

    // The job that fell due while the database was away is worked once it is back.
    const deadline = Date.now() + 20_000;
    let state = await jobState(job);
    while (state !== 'completed' && Date.now() < deadline) {
      await sleep(250);
      state = await jobState(job);
    }
    expect(state, linesAbout(/"module":"jobs"/)).toBe('completed');

    // Realtime events reach sockets across server processes again.
    await sleep(Math.max(0, upAt + REALTIME_SETTLE_MS - Date.now()));
    await realtimeFansOut(4, `realtime-${scenario.replaceAll(' ', '-')}-${Date.now()}`);
    expect(server.child.exitCode, 'the server is still running').toBeNull();
  }

  it('answers 503 while it is stopped for 3 s, and recovers once it is started', async () => {
    await through('stop 3s', async ({ down }) => {
      await cluster?.stop('fast');
      down();
      await sleep(3_000);
      await cluster?.start();
    });
  });

  it('rides out a plain restart', async () => {
    await through('restart', async ({ down }) => {
      down();
      await cluster?.restart();
    });
  });

  it('rides out a crash of the database (immediate stop, recovery at start)', async () => {
    await through('crash', async ({ down }) => {
      await cluster?.stop('immediate');
      down();
      await sleep(2_000);
      await cluster?.start();
    });
  });

  it('lost no acknowledged write, and the server process never restarted', async () => {
    expect(acknowledged.size).toBeGreaterThan(0);
    const { rows } = await admin.query<{ name: string }>('select name from projects where name = any($1)', [
      [...acknowledged],
    ]);
    const found = new Set(rows.map((row) => row.name));
    expect([...acknowledged].filter((name) => !found.has(name))).toEqual([]);
    const output = server?.output() ?? '';
    expect(output).not.toMatch(/a worker stopped; starting another/);
    expect(server?.child.exitCode).toBeNull();
  });
});
