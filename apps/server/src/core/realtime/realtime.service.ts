import { createHmac, randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import {
  type PlatformKey,
  parseHost,
  REALTIME_PATH,
  REALTIME_SUBSCRIBE,
  REALTIME_UNSUBSCRIBE,
  SESSION_COOKIE,
  type SubscribeAck,
} from '@meshport/contract';
import type pg from 'pg';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import { isOwnOrigin } from '#core/auth/own-origin.ts';
import type { SessionService } from '#core/auth/session.service.ts';
import type { ChangeFeed } from '#core/db/change-feed.ts';
import type { RequestTenant } from '#core/http/request-context.ts';
import type { TenantResolver } from '#core/tenancy/tenant.resolver.ts';
import { SweepQueue, type SweepScope } from './access-sweep.ts';
import {
  authorizeChannel,
  type ChannelDecision,
  type ChannelKindRule,
  type ChannelSubject,
  channelOf,
  normaliseChannel,
  refusalHere,
} from './channel-authorizer.ts';
import { ChannelFanOut, type SocketIoEvent, socketIoPlace } from './channel-fan-out.ts';
import { FAN_OUT, type RealtimeLogger, useDatabaseFanOut } from './database-fan-out.ts';

interface SocketData {
  token: string;
  via: 'cookie' | 'bearer';
  /** The host's first label, to find the company again after companies change. */
  subDomain: string;
  companyId: number;
  tenant: RequestTenant;
  subject: ChannelSubject & { sessionId: number };
  /** When the session read at the handshake ends unused, and how many sweeps had started by then. */
  handshake?: { endsAt: number | null; sweeps: number };
}

/** A timer cannot wait longer; a socket whose session ends later re-checks then and waits again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A session ends once idle for longer than its timeout: check just after. */
const EXPIRY_MARGIN_MS = 20;
/** Sessions looked up at once during a sweep (each one statement on a pooled connection). */
const SWEEP_CONCURRENCY = 8;

type RealtimeSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  baseDomain: string;
  /** The scheme pages are served on (`PUBLIC_URL_SCHEME`); `http` when not given. */
  scheme?: 'http' | 'https';
  /** With a PostgreSQL server, events fan out to every server process through it. */
  databaseUrl?: string;
  /**
   * Several worker processes share the port and a connection may reach any of them: long
   * polling, whose requests must all reach one process, is then refused (clients fall back
   * to it only where WebSockets are blocked).
   */
  websocketOnly?: boolean;
  /**
   * Committed writes of every process: a change to sessions, accounts, memberships, roles,
   * licences or companies re-checks the sockets concerned (`access-sweep.ts`).
   */
  changes?: ChangeFeed;
  log?: RealtimeLogger;
}

function handshakeError(message: string, status: number): ExtendedError {
  const error = new Error(message) as ExtendedError;
  error.data = { status, message };
  return error;
}

/**
 * Socket.IO on the app's own HTTP server; private channels are rooms joined only once authorised. A
 * socket is authenticated by its session (the HttpOnly cookie, or `auth.token`) on a tenant host;
 * it then joins private channels (rooms) that `authorizeChannel` allows. `emit` reaches every
 * process's sockets.
 *
 * Access is not checked once only: each process re-checks its own sockets whenever the change
 * feed reports a write that may have taken access away (from any process), and when a
 * socket's session would end unused. A socket whose session ended, or whose account may no
 * longer use this company on this platform, is disconnected; one that lost a channel's
 * access leaves that channel.
 */
export class RealtimeService {
  private io: Server | null = null;
  private pool: pg.Pool | null = null;
  private readonly kinds: Record<string, ChannelKindRule> = {};
  /** Signs /broadcasting/auth answers (Pusher shape); the join itself happens on the server. */
  private readonly signingKey = randomBytes(32);
  private readonly log: RealtimeLogger;
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly sweeps: SweepQueue;
  private readonly fanOut: ChannelFanOut<SocketIoEvent>;

  constructor(
    private readonly sessions: SessionService,
    private readonly tenants: TenantResolver,
    private readonly options: RealtimeOptions,
  ) {
    this.log = options.log ?? { info: () => {}, warn: () => {} };
    this.sweeps = new SweepQueue(
      (scope) => this.sweep(scope),
      (error) => this.log.warn({ err: error }, 'realtime access sweep failed'),
    );
    options.changes?.subscribe((change) => {
      if (this.io) this.sweeps.add(change);
    });
    this.fanOut = new ChannelFanOut(
      socketIoPlace(() => this.io),
      {
        onError: (error) => this.log.warn({ err: error }, 'realtime fan-out failed'),
      },
    );
  }

  /** Adds the channels of a kind of record (`private-company.{c}.{kind}[.{id}]`). */
  registerKind(kind: string, rule: ChannelKindRule): void {
    this.kinds[kind] = rule;
  }

  authorize(subject: ChannelSubject, tenant: RequestTenant | null, channel: unknown): ChannelDecision {
    return authorizeChannel(subject, tenant, channel, this.kinds);
  }

  /** Resolves once the access checks that changes so far asked for are done (tests). */
  async settled(): Promise<void> {
    await this.sweeps.idle();
    await this.fanOut.idle();
  }

  /**
   * A process that answers no HTTP (`--role worker`) still tells browsers what its jobs did:
   * a Socket.IO server without sockets whose adapter fans each event out to the processes that
   * have them (PostgreSQL only; the embedded database has no other process).
   */
  attachHeadless(): void {
    if (this.io) throw new Error('realtime is already attached');
    if (!this.options.databaseUrl) return;
    const io = new Server();
    this.useDatabaseFanOut(io);
    this.io = io;
  }

  private useDatabaseFanOut(io: Server): void {
    if (!this.options.databaseUrl) return;
    this.pool = useDatabaseFanOut(io, this.options.databaseUrl, this.log, (channel, event, payload) =>
      this.fanOut.push(channel, event, payload),
    );
  }

  attach(server: HttpServer): void {
    if (this.io) throw new Error('realtime is already attached');
    const io = new Server(server, {
      path: REALTIME_PATH,
      serveClient: false,
      connectTimeout: 10_000,
      ...(this.options.websocketOnly ? { transports: ['websocket'] as const } : {}),
    });
    this.useDatabaseFanOut(io);
    io.use((socket, next) => {
      this.authenticate(socket as RealtimeSocket).then(
        () => next(),
        (error: unknown) =>
          next(error instanceof Error ? (error as ExtendedError) : handshakeError('Unauthorized', 401)),
      );
    });
    io.on('connection', (raw) => this.onConnection(raw as RealtimeSocket));
    this.io = io;
  }

  /**
   * Sends an event to everyone in a channel, on every server process, behind the caller: the
   * other processes are told through PostgreSQL and each writes to its own sockets (`ChannelFanOut`).
   * Before `attach`, nothing to do.
   */
  emit(channel: string, event: string, payload: unknown): void {
    if (!this.io) return;
    if (this.pool) this.io.serverSideEmit(FAN_OUT, channel, event, payload);
    this.fanOut.push(channel, event, payload);
  }

  /**
   * The Pusher-style flow: once /broadcasting/auth allowed `channel`, the socket of that id
   * (when it belongs to the same account, company and platform, on any process) is joined to it.
   */
  async join(
    socketId: string,
    channel: string,
    accountId: number,
    place: { companyId: number; platform: PlatformKey | null },
  ): Promise<boolean> {
    if (!this.io) return false;
    const sockets = await this.io.in(socketId).fetchSockets();
    const own = sockets.filter((s) => {
      const data = s.data as Partial<SocketData>;
      return (
        data.subject?.accountId === accountId &&
        data.companyId === place.companyId &&
        data.tenant?.platform === place.platform
      );
    });
    if (own.length === 0) return false;
    this.io.in(socketId).socketsJoin(channel);
    return true;
  }

  get connectedSockets(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  /** The `auth` value of /broadcasting/auth: `socket_id:signature`, opaque to clients. */
  sign(socketId: string, channel: string): string {
    return `${socketId}:${createHmac('sha256', this.signingKey).update(`${socketId}:${channel}`).digest('hex')}`;
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
    this.sweeps.stop();
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
    if (io) {
      io.disconnectSockets(true);
      // A headless server (worker role) has no engine: it was never attached to HTTP.
      (io.engine as typeof io.engine | undefined)?.close();
      await Promise.resolve(io.of('/').adapter.close());
    }
    await this.pool?.end();
    this.pool = null;
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    const headers = socket.handshake.headers;
    const { tenant, platform } = parseHost(headers.host ?? '', this.options.baseDomain);
    const company = tenant ? await this.tenants.bySubDomain(tenant) : null;
    if (!company) throw handshakeError('Connect on a company host, such as acme.<base domain>.', 404);
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const bearer = typeof auth?.token === 'string' ? auth.token : null;
    const cookie = fastifyCookie.parse(headers.cookie ?? '')[SESSION_COOKIE] ?? null;
    if (!bearer && cookie && headers.origin) {
      // A browser always sends Origin cross-site: a page elsewhere cannot ride the cookie.
      const place = { scheme: this.options.scheme ?? 'http', host: headers.host ?? '', tenant };
      if (!isOwnOrigin(headers.origin, place, this.options.baseDomain)) {
        throw handshakeError('Cross-origin connection refused.', 403);
      }
    }
    const token = bearer ?? cookie;
    const via = bearer ? 'bearer' : 'cookie';
    const sweeps = this.sweeps.started;
    const valid = token ? await this.sessions.validate(token, company.id, via, true) : null;
    if (!token || !valid || !tenant) throw handshakeError('Unauthorized', 401);
    const { actor } = valid;
    const refusal = refusalHere(actor, { company, platform });
    if (refusal) throw handshakeError(refusal, 403);
    socket.data = {
      token,
      via,
      subDomain: tenant,
      companyId: company.id,
      tenant: { company, platform },
      subject: subjectOf(actor),
      handshake: { endsAt: valid.endsAt, sweeps },
    };
  }

  private onConnection(socket: RealtimeSocket): void {
    socket.on('disconnect', () => {
      clearTimeout(this.expiryTimers.get(socket.id));
      this.expiryTimers.delete(socket.id);
    });
    const handshake = socket.data.handshake;
    socket.data.handshake = undefined;
    // A sweep that started after the handshake read the session did not see this socket yet.
    const missed = !handshake || handshake.sweeps !== this.sweeps.started;
    this.expireAt(socket, missed ? Date.now() : (handshake?.endsAt ?? null));
    socket.on(REALTIME_SUBSCRIBE as never, (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: SubscribeAck) => void) : () => {};
      this.subscribe(socket, payload).then(reply, (error: unknown) => {
        this.log.warn({ err: error }, 'realtime subscribe failed');
        reply({ ok: false, status: 403, message: 'Could not join the channel.' });
      });
    });
    socket.on(REALTIME_UNSUBSCRIBE as never, (payload: unknown) => {
      const channel = channelOf(payload);
      if (typeof channel === 'string' && channel) void socket.leave(normaliseChannel(channel));
    });
  }

  /** Re-reads the session on every join, so that a revoked session or a changed role counts at once. */
  private async subscribe(socket: RealtimeSocket, payload: unknown): Promise<SubscribeAck> {
    const { token, via, companyId } = socket.data;
    const sweeps = this.sweeps.started;
    const valid = await this.sessions.validate(token, companyId, via, true);
    if (!valid) {
      setImmediate(() => socket.disconnect(true));
      return { ok: false, status: 403, message: 'Your session has ended. Sign in again.' };
    }
    socket.data.subject = subjectOf(valid.actor);
    this.expireAt(socket, valid.endsAt);
    const decision = this.authorize(socket.data.subject, socket.data.tenant, channelOf(payload));
    if (!decision.ok) return decision;
    await socket.join(decision.channel);
    // A sweep since the session was read did not see this channel: check it against what it saw.
    if (this.sweeps.started !== sweeps) await this.recheck([socket], socket.data.tenant);
    return decision;
  }

  /** Checks the socket again when its session would end unused (`null`: it never does). */
  private expireAt(socket: RealtimeSocket, endsAt: number | null): void {
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
    if (endsAt === null || socket.disconnected) return;
    const wait = Math.min(Math.max(endsAt - Date.now() + EXPIRY_MARGIN_MS, 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.expiryTimers.delete(socket.id);
      this.recheck([socket], socket.data.tenant).catch((error: unknown) =>
        this.log.warn({ err: error }, 'realtime session check failed'),
      );
    }, wait);
    timer.unref();
    this.expiryTimers.set(socket.id, timer);
  }

  /** This process's sockets that the changes concern, re-checked once per session and host. */
  private async sweep(scope: SweepScope): Promise<void> {
    if (!this.io) return;
    if (scope.companiesChanged) this.tenants.invalidate();
    const groups = new Map<string, RealtimeSocket[]>();
    for (const raw of this.io.of('/').sockets.values()) {
      const socket = raw as RealtimeSocket;
      if (!socket.data.tenant) continue; // still in its handshake: `onConnection` checks it
      const concerned =
        scope.all || scope.companies.has(socket.data.companyId) || scope.accounts.has(socket.data.subject.accountId);
      if (!concerned) continue;
      const key = `${socket.data.token}\u0000${socket.data.subDomain}\u0000${socket.data.tenant.platform}`;
      groups.set(key, [...(groups.get(key) ?? []), socket]);
    }
    const pending = [...groups.values()];
    const workers = Array.from({ length: Math.min(SWEEP_CONCURRENCY, pending.length) }, async () => {
      for (let group = pending.pop(); group; group = pending.pop()) {
        const first = group[0] as RealtimeSocket;
        await this.recheck(group, scope.companiesChanged ? null : first.data.tenant);
      }
    });
    await Promise.all(workers);
  }

  /**
   * Sockets of one session on one host: disconnected when the session ended or the account
   * may no longer use this company here; otherwise they leave the channels they may no longer
   * hear. `tenant` null: find the company again (it may be gone).
   */
  private async recheck(sockets: RealtimeSocket[], knownTenant: RequestTenant | null): Promise<void> {
    const first = sockets[0];
    if (!first) return;
    const { token, via, subDomain } = first.data;
    const platform = first.data.tenant.platform;
    const company = knownTenant ? knownTenant.company : await this.tenants.bySubDomain(subDomain);
    const valid =
      company && company.id === first.data.companyId ? await this.sessions.validate(token, company.id, via) : null;
    for (const socket of sockets) {
      if (socket.disconnected) continue;
      if (!valid || !company || refusalHere(valid.actor, { company, platform }) !== null) {
        socket.disconnect(true);
        continue;
      }
      socket.data.tenant = { company, platform };
      socket.data.subject = subjectOf(valid.actor);
      for (const room of socket.rooms) {
        if (room !== socket.id && !this.authorize(socket.data.subject, socket.data.tenant, room).ok) {
          void socket.leave(room);
        }
      }
      this.expireAt(socket, valid.endsAt);
    }
  }
}

function subjectOf(actor: SocketData['subject']): SocketData['subject'] {
  return {
    accountId: actor.accountId,
    sessionId: actor.sessionId,
    admin: actor.admin,
    membership: actor.membership,
  };
}
