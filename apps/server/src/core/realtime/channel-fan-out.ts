import type { Server } from 'socket.io';

/** A socket as the fan-out sees it: it takes frames encoded once for every socket. */
export interface FanOutSocket {
  write(frames: readonly unknown[]): void;
}

export interface FanOutPlace<S extends FanOutSocket> {
  /** The ids of the sockets in a channel (the room index: no scan of every socket). */
  members(channel: string): ReadonlySet<string> | undefined;
  socket(id: string): S | undefined;
  /** The event as frames, the same for every socket of the channel. */
  encode(event: string, payload: unknown): readonly unknown[];
}

export interface FanOutOptions {
  /** Sockets written to before the event loop gets a turn. */
  batch?: number;
  /** Gives the event loop a turn: requests waiting to be answered go first. */
  pause?: () => Promise<void>;
  onError?: (error: unknown) => void;
}

/** Enough to keep a batch well under a millisecond on this machine (~10–20 µs a socket). */
export const FAN_OUT_BATCH = 64;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Pending {
  channel: string;
  event: string;
  payload: unknown;
}

/**
 * Events to the sockets of this process, off the path of the request that caused them: each
 * event is encoded once, its channel's sockets are read from the room index, and they are
 * written to in batches with a turn of the event loop in between, so a save's answer does not
 * wait for 10,000 sockets. Events go out one after the other in the order given (a socket
 * never sees a later event first); a socket that left the channel before its turn (access
 * taken away) is skipped.
 */
export class ChannelFanOut<S extends FanOutSocket> {
  private readonly queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly batch: number;
  private readonly pause: () => Promise<void>;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly place: FanOutPlace<S>,
    options: FanOutOptions = {},
  ) {
    this.batch = Math.max(1, options.batch ?? FAN_OUT_BATCH);
    this.pause = options.pause ?? nextTurn;
    this.onError = options.onError ?? (() => {});
  }

  push(channel: string, event: string, payload: unknown): void {
    this.queue.push({ channel, event, payload });
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every event pushed so far has been written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // The caller (a request about to be answered) finishes its turn first.
    await this.pause();
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      try {
        await this.deliver(next);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private async deliver({ channel, event, payload }: Pending): Promise<void> {
    const members = this.place.members(channel);
    if (!members || members.size === 0) return;
    const frames = this.place.encode(event, payload);
    // The sockets in the channel now; one that joins later did not miss this event.
    const ids = [...members];
    for (let start = 0; start < ids.length; start += this.batch) {
      if (start > 0) await this.pause();
      const current = this.place.members(channel);
      if (!current) return;
      for (const id of ids.slice(start, start + this.batch)) {
        if (!current.has(id)) continue;
        this.place.socket(id)?.write(frames);
      }
    }
  }
}

type EncodedPacket = Parameters<Server['encoder']['encode']>[0];
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2 as EncodedPacket['type'];

/** The sockets of a Socket.IO server's default namespace, once it is attached. */
export function socketIoPlace(server: () => Server | null): FanOutPlace<FanOutSocket> {
  return {
    members: (channel) => server()?.of('/').adapter.rooms.get(channel),
    socket: (id) => {
      const socket = server()?.of('/').sockets.get(id);
      // With `preEncoded`, `_packet` writes the frames as they are, as the adapter's broadcast does.
      return socket && { write: (frames) => socket.client._packet(frames as EncodedPacket[], { preEncoded: true }) };
    },
    encode: (event, payload) =>
      server()?.encoder.encode({ type: EVENT_PACKET, nsp: '/', data: [event, payload] }) ?? [],
  };
}
