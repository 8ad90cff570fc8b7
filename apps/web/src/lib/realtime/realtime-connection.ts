import { REALTIME_PATH, REALTIME_SUBSCRIBE, REALTIME_UNSUBSCRIBE, type SubscribeAck } from '@meshport/contract';
import { io, type Socket } from 'socket.io-client';
import {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  isFatalHandshakeStatus,
  type RealtimeState,
} from './realtime-state.ts';

type Handler = (payload: unknown) => void;
type JoinListener = () => void;
type StateListener = (state: RealtimeState) => void;

export interface RealtimeConnectionOptions {
  /** Same origin by default; the session cookie goes along with the handshake. */
  url?: string;
  backoff?: BackoffOptions;
  /** Called when the server refuses a channel (for error reporting). */
  onSubscribeRefused?: (channel: string, ack: SubscribeAck) => void;
}

/**
 * One Socket.IO connection for the signed-in frame. Channels are reference-counted and joined
 * again after every reconnect; retries use our own exponential back-off so that the states
 * stay explicit (Socket.IO's own reconnection is off).
 */
export class RealtimeConnection {
  private socket: Socket | null = null;
  private state: RealtimeState = 'initialized';
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly channels = new Map<string, number>();
  private readonly joinListeners = new Map<string, Set<JoinListener>>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly stateListeners = new Set<StateListener>();
  private readonly backoff: BackoffOptions;

  constructor(private readonly options: RealtimeConnectionOptions = {}) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  getState(): RealtimeState {
    return this.state;
  }

  onStateChange(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  connect(): void {
    if (this.state === 'connecting' || this.state === 'connected') return;
    this.clearRetry();
    this.setState('connecting');
    this.open();
  }

  /** A manual retry (after 'failed' or to skip the wait while 'unavailable'). */
  retry(): void {
    this.attempt = 0;
    this.closeSocket();
    this.state = 'initialized';
    this.connect();
  }

  disconnect(): void {
    this.clearRetry();
    this.closeSocket();
    this.setState('disconnected');
  }

  /**
   * Joins `channel` (once for any number of callers); the returned function leaves it.
   * `onJoined` runs each time the server confirms the join, first or after a reconnect: events
   * sent before that moment were not received, so a caller reloads what they would have changed.
   */
  subscribe(channel: string, onJoined?: JoinListener): () => void {
    const count = this.channels.get(channel) ?? 0;
    this.channels.set(channel, count + 1);
    if (onJoined) {
      const listeners = this.joinListeners.get(channel) ?? new Set();
      listeners.add(onJoined);
      this.joinListeners.set(channel, listeners);
    }
    if (count === 0 && this.socket?.connected) this.join(channel);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (onJoined) this.joinListeners.get(channel)?.delete(onJoined);
      const left = (this.channels.get(channel) ?? 1) - 1;
      if (left > 0) {
        this.channels.set(channel, left);
        return;
      }
      this.channels.delete(channel);
      if (this.socket?.connected) this.socket.emit(REALTIME_UNSUBSCRIBE, { channel });
    };
  }

  /** Listens to an event of every joined channel. */
  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
      this.socket?.on(event, (payload: unknown) => this.dispatch(event, payload));
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  private dispatch(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  private open(): void {
    const socket = io(this.options.url ?? '/', {
      path: REALTIME_PATH,
      withCredentials: true,
      reconnection: false,
      forceNew: true,
      transports: ['websocket', 'polling'],
    });
    this.socket = socket;
    for (const event of this.handlers.keys()) socket.on(event, (payload: unknown) => this.dispatch(event, payload));
    socket.on('connect', () => {
      this.attempt = 0;
      this.setState('connected');
      for (const channel of this.channels.keys()) this.join(channel);
    });
    socket.on('connect_error', (error: Error & { data?: { status?: number } }) => {
      if (socket !== this.socket) return;
      if (isFatalHandshakeStatus(error.data?.status)) {
        this.closeSocket();
        this.setState('failed');
        return;
      }
      this.scheduleRetry();
    });
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket) return;
      if (reason === 'io client disconnect') return;
      this.scheduleRetry();
    });
  }

  private join(channel: string): void {
    this.socket?.emit(REALTIME_SUBSCRIBE, { channel }, (ack: SubscribeAck) => {
      if (!ack.ok) {
        this.options.onSubscribeRefused?.(channel, ack);
        return;
      }
      for (const listener of this.joinListeners.get(channel) ?? []) listener();
    });
  }

  private scheduleRetry(): void {
    this.closeSocket();
    this.setState('unavailable');
    this.clearRetry();
    this.attempt += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.state = 'unavailable';
        this.open();
      },
      backoffDelay(this.attempt, this.backoff),
    );
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
  }

  private setState(state: RealtimeState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
