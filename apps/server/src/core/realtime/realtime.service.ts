import { createHmac, randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  parseHost,
  REALTIME_PATH,
  REALTIME_SUBSCRIBE,
  REALTIME_UNSUBSCRIBE,
  SESSION_COOKIE,
  type SubscribeAck,
} from '@meshport/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import { isOwnOrigin } from '#core/auth/own-origin.ts';
import type { SessionService } from '#core/auth/session.service.ts';
import type { TenantResolver } from '#core/tenancy/tenant.resolver.ts';
import {
  authorizeChannel,
  type ChannelDecision,
  type ChannelKindRule,
  type ChannelSubject,
  DEFAULT_CHANNEL_KINDS,
  normaliseChannel,
} from './channel-authorizer.ts';

interface SocketData {
  token: string;
  via: 'cookie' | 'bearer';
  companyId: number;
  subject: ChannelSubject;
}

type RealtimeSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
type Logger = { info(details: object, message: string): void; warn(details: object, message: string): void };

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
  log?: Logger;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function handshakeError(message: string, status: number): ExtendedError {
  const error = new Error(message) as ExtendedError;
  error.data = { status, message };
  return error;
}

/**
 * Socket.IO on the app's own HTTP server (DESIGN §6). A socket is authenticated once by its
 * session (the HttpOnly cookie, or `auth.token`) on a tenant host; it then joins private
 * channels (rooms) that `authorizeChannel` allows. `emit` reaches every process's sockets.
 */
export class RealtimeService {
  private io: Server | null = null;
  private pool: pg.Pool | null = null;
  private readonly kinds: Record<string, ChannelKindRule> = { ...DEFAULT_CHANNEL_KINDS };
  /** Signs /broadcasting/auth answers (Pusher shape); the join itself happens on the server. */
  private readonly signingKey = randomBytes(32);
  private readonly log: Logger;

  constructor(
    private readonly sessions: SessionService,
    private readonly tenants: TenantResolver,
    private readonly options: RealtimeOptions,
  ) {
    this.log = options.log ?? { info: () => {}, warn: () => {} };
  }

  /** Adds the channels of a kind of record (`private-company.{c}.{kind}[.{id}]`). */
  registerKind(kind: string, rule: ChannelKindRule): void {
    this.kinds[kind] = rule;
  }

  authorize(subject: ChannelSubject, hostCompanyId: number | null, channel: unknown): ChannelDecision {
    return authorizeChannel(subject, hostCompanyId, channel, this.kinds);
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
    this.pool = new pg.Pool({ connectionString: this.options.databaseUrl, max: 3 });
    this.pool.on('error', (error) => this.log.warn({ err: error }, 'realtime database connection failed'));
    io.adapter(
      createAdapter(this.pool, {
        errorHandler: (error) => this.log.warn({ err: error }, 'realtime fan-out failed'),
      }),
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

  /** Sends an event to everyone in a channel, on every server process. Before `attach`, nothing to do. */
  emit(channel: string, event: string, payload: unknown): void {
    this.io?.to(channel).emit(event, payload);
  }

  /**
   * The Pusher-style flow: once /broadcasting/auth allowed `channel`, the socket of that id
   * (when it belongs to the same account and company, on any process) is joined to it.
   */
  async join(socketId: string, channel: string, accountId: number, companyId: number): Promise<boolean> {
    if (!this.io) return false;
    const sockets = await this.io.in(socketId).fetchSockets();
    const own = sockets.filter((s) => {
      const data = s.data as Partial<SocketData>;
      return data.subject?.accountId === accountId && data.companyId === companyId;
    });
    if (own.length === 0) return false;
    this.io.in(socketId).socketsJoin(channel);
    return true;
  }

  /** The `auth` value of /broadcasting/auth: `socket_id:signature`, opaque to clients. */
  sign(socketId: string, channel: string): string {
    return `${socketId}:${createHmac('sha256', this.signingKey).update(`${socketId}:${channel}`).digest('hex')}`;
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
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
    const { tenant } = parseHost(headers.host ?? '', this.options.baseDomain);
    const company = tenant ? await this.tenants.bySubDomain(tenant) : null;
    if (!company) throw handshakeError('Connect on a company host, such as acme.<base domain>.', 404);
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const bearer = typeof auth?.token === 'string' ? auth.token : null;
    const cookie = cookieValue(headers.cookie, SESSION_COOKIE);
    if (!bearer && cookie && headers.origin) {
      // A browser always sends Origin cross-site: a page elsewhere cannot ride the cookie.
      const place = { scheme: this.options.scheme ?? 'http', host: headers.host ?? '', tenant };
      if (!isOwnOrigin(headers.origin, place, this.options.baseDomain)) {
        throw handshakeError('Cross-origin connection refused.', 403);
      }
    }
    const token = bearer ?? cookie;
    const via = bearer ? 'bearer' : 'cookie';
    const actor = token ? await this.sessions.authenticate(token, company.id, via) : null;
    if (!token || !actor) throw handshakeError('Unauthorized', 401);
    socket.data = {
      token,
      via,
      companyId: company.id,
      subject: { accountId: actor.accountId, admin: actor.admin, membership: actor.membership },
    };
  }

  private onConnection(socket: RealtimeSocket): void {
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
    const actor = await this.sessions.authenticate(token, companyId, via);
    if (!actor) {
      setImmediate(() => socket.disconnect(true));
      return { ok: false, status: 403, message: 'Your session has ended. Sign in again.' };
    }
    socket.data.subject = { accountId: actor.accountId, admin: actor.admin, membership: actor.membership };
    const decision = this.authorize(socket.data.subject, companyId, channelOf(payload));
    if (!decision.ok) return decision;
    await socket.join(decision.channel);
    return decision;
  }
}

function channelOf(payload: unknown): unknown {
  if (typeof payload === 'string') return payload;
  if (payload && typeof payload === 'object') return (payload as { channel?: unknown }).channel;
  return undefined;
}
