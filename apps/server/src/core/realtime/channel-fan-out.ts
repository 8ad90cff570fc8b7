import type { Writable } from 'node:stream';
import type { Server } from 'socket.io';

export interface FanOutPlace<E> {
  /** The ids of the sockets in a channel (the room index: no scan of every socket). */
  members(channel: string): ReadonlySet<string> | undefined;
  /** The event, encoded once: the same for every socket of the channel. */
  encode(event: string, payload: unknown): E;
  /**
   * What writes one encoded event to a socket by id (a socket gone since is skipped), looked up
   * once per event: per socket, the fan-out then costs a map lookup and the write.
   */
  writer(encoded: E): (id: string) => void;
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
export class ChannelFanOut<E> {
  private readonly queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly batch: number;
  private readonly pause: () => Promise<void>;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly place: FanOutPlace<E>,
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
    const write = this.place.writer(this.place.encode(event, payload));
    // The sockets in the channel now; one that joins later did not miss this event.
    const ids = [...members];
    for (let start = 0; start < ids.length; start += this.batch) {
      if (start > 0) await this.pause();
      const current = this.place.members(channel);
      if (!current) return;
      const end = Math.min(start + this.batch, ids.length);
      for (let i = start; i < end; i++) {
        const id = ids[i] as string;
        if (current.has(id)) write(id);
      }
    }
  }
}

type EncodedPacket = Parameters<Server['encoder']['encode']>[0];
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2 as EncodedPacket['type'];

/** An event as Socket.IO writes it to each socket: its packets and, for a WebSocket, the whole frame. */
export interface SocketIoEvent {
  packets: readonly unknown[];
  options: { preEncoded: true; wsPreEncodedFrame?: Buffer[] };
}

/** A final, unmasked WebSocket text frame holding `data`, as a server sends it (RFC 6455 §5.2), in one buffer. */
export function webSocketTextFrame(data: Buffer): Buffer {
  const lengthBytes = data.length > 0xffff ? 8 : data.length > 125 ? 2 : 0;
  const header = Buffer.alloc(2 + lengthBytes);
  header[0] = 0x81; // FIN, opcode 1 (text)
  if (lengthBytes === 0) header[1] = data.length;
  else if (lengthBytes === 2) {
    header[1] = 126;
    header.writeUInt16BE(data.length, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(data.length), 2);
  }
  return Buffer.concat([header, data]);
}

/**
 * The WebSocket frame of a one-packet text event, built once, as Socket.IO's own broadcast does:
 * engine.io writes it as it is (`wsPreEncodedFrame`) instead of framing the packet again for each socket.
 */
function preEncodedFrame(packets: readonly unknown[]): Buffer[] | undefined {
  const [packet] = packets;
  if (packets.length !== 1 || typeof packet !== 'string') return undefined;
  // "4": engine.io's message packet.
  return [webSocketTextFrame(Buffer.from(`4${packet}`))];
}

/** The sockets of a Socket.IO server's default namespace, once it is attached. */
export function socketIoPlace(server: () => Server | null): FanOutPlace<SocketIoEvent> {
  return {
    members: (channel) => server()?.of('/').adapter.rooms.get(channel),
    writer: ({ packets, options }) => {
      const sockets = server()?.of('/').sockets;
      const frame = options.wsPreEncodedFrame?.[0];
      return (id) => {
        const socket = sockets?.get(id);
        if (!socket) return;
        const direct = frame && openWebSocketWithNothingQueued(socket.conn);
        if (direct) direct.write(frame);
        // With `preEncoded`, `_packet` writes the packets as they are, as the adapter's broadcast does.
        else socket.client._packet(packets as EncodedPacket[], options);
      };
    },
    encode: (event, payload) => {
      const packets = server()?.encoder.encode({ type: EVENT_PACKET, nsp: '/', data: [event, payload] }) ?? [];
      const wsPreEncodedFrame = preEncodedFrame(packets);
      return { packets, options: { preEncoded: true, ...(wsPreEncodedFrame ? { wsPreEncodedFrame } : {}) } };
    },
  };
}

/** The parts of engine.io's and ws's objects the direct write reads (not in their typings). */
interface EngineConnection {
  readyState?: string;
  upgrading?: boolean;
  writeBuffer?: unknown[];
  transport?: {
    name?: string;
    writable?: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState?: number; _socket?: Writable; _sender?: { _queue?: unknown[]; _state?: number } };
  };
}

/**
 * The TCP socket under an open WebSocket connection with nothing queued in engine.io or ws, or
 * null. Writing a pre-encoded frame there is what engine.io and ws would do after ~20 calls and
 * events of their own; with 10,000 sockets those calls were a third of the fan-out's time. Any
 * packet queued before this one (a write in flight, an upgrade, a compressed message) sends
 * the event the usual way, behind it, so a socket sees its packets in order.
 */
export function openWebSocketWithNothingQueued(connection: unknown): Writable | null {
  const conn = connection as EngineConnection;
  const transport = conn.transport;
  const ws = transport?.socket;
  const sender = ws?._sender;
  // Each field must be there with its idle value: a library that no longer has one sends the usual way.
  const ready =
    conn.readyState === 'open' &&
    conn.upgrading === false &&
    conn.writeBuffer?.length === 0 &&
    transport?.name === 'websocket' &&
    transport.writable === true &&
    !transport.perMessageDeflate &&
    ws?.readyState === 1 &&
    sender?._queue?.length === 0 &&
    sender._state === 0;
  const tcp = ready ? ws._socket : undefined;
  return tcp?.writable && !tcp.writableNeedDrain ? tcp : null;
}
