import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * A Socket.IO client over a bare WebSocket (RFC 6455 on `net`), speaking only what the bench
 * needs of the Engine.IO 4 / Socket.IO 5 protocols: connect with `auth.token`, subscribe with an
 * acknowledgement, answer pings, and note when an event arrives. Ten thousand socket.io-client
 * instances would cost the bench's own process more than the server's fan-out; this costs a
 * string test per message.
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

export class RawSocket {
  private buffer: Buffer = Buffer.alloc(0);
  private upgraded = false;
  private onText: (text: string) => void = () => {};
  /** Arrival times (performance.now()) of the watched event, in order. */
  readonly arrivals: number[] = [];
  /** The size of the last watched event's message. */
  eventBytes = 0;
  closed = false;

  private constructor(
    private readonly socket: net.Socket,
    private readonly watched: string,
  ) {}

  /** Connected to the namespace `/` as the token's session, on `host`. */
  static async open(options: { port: number; host: string; token: string; watch: string }): Promise<RawSocket> {
    let raw: RawSocket | null = null;
    // One read buffer for every socket, and no stream machinery on the way in: reading 10,000
    // sockets costs the bench's process (on the server's cores) as little as it can.
    const socket = net.connect({
      port: options.port,
      host: '127.0.0.1',
      onread: {
        buffer: READ_BUFFER,
        callback: (n) => {
          raw?.receive(READ_BUFFER.subarray(0, n));
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    raw = new RawSocket(socket, `42["${options.watch}"`);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => resolve());
    });
    socket.on('error', () => {
      raw.closed = true;
    });
    socket.on('close', () => {
      raw.closed = true;
    });
    socket.write(
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${options.host}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const open = await raw.next((text) => text.startsWith('0'));
    if (!open) throw new Error('no Engine.IO open packet');
    raw.send(`40${JSON.stringify({ token: options.token })}`);
    const connected = await raw.next((text) => text.startsWith('40') || text.startsWith('44'));
    if (!connected?.startsWith('40')) throw new Error(`refused: ${connected}`);
    return raw;
  }

  async subscribe(channel: string): Promise<boolean> {
    this.send(`421${JSON.stringify(['subscribe', { channel }])}`);
    const ack = await this.next((text) => text.startsWith('431'));
    return ack?.startsWith('431[{"ok":true') ?? false;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  /** The next text message that `match` accepts (others are handled as usual), or null after 30 s. */
  private next(match: (text: string) => boolean): Promise<string | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 30_000);
      const previous = this.onText;
      this.onText = (text) => {
        if (!match(text)) return previous(text);
        clearTimeout(timer);
        this.onText = previous;
        resolve(text);
      };
    });
  }

  private handle(text: string): void {
    if (text.startsWith(this.watched)) {
      this.arrivals.push(performance.now());
      this.eventBytes = Buffer.byteLength(text);
      return;
    }
    if (text === '2')
      this.send('3'); // Engine.IO ping
    else this.onText(text);
  }

  /** `chunk` is a view of the shared read buffer: what is left of it after the frames is copied. */
  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.takeFrames();
    if (this.buffer.length && this.buffer.buffer === READ_BUFFER.buffer) this.buffer = Buffer.from(this.buffer);
  }

  private takeFrames(): void {
    if (!this.upgraded) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!this.buffer.subarray(0, 12).toString().includes('101')) {
        this.close();
        return;
      }
      this.upgraded = true;
      this.buffer = this.buffer.subarray(end + 4);
    }
    // Frames from the server: unmasked, small (no 64-bit lengths here).
    while (this.buffer.length >= 2) {
      const opcode = (this.buffer[0] as number) & 0x0f;
      let length = (this.buffer[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buffer.length < offset + length) return;
      const payload = this.buffer.subarray(offset, offset + length);
      this.buffer = this.buffer.subarray(offset + length);
      if (opcode === 0x1) this.handle(payload.toString('utf8'));
      else if (opcode === 0x8) this.close();
    }
  }

  /** A masked text frame, as a client must send. */
  private send(text: string): void {
    if (this.closed) return;
    const payload = Buffer.from(text, 'utf8');
    const header =
      payload.length < 126
        ? Buffer.from([0x81, 0x80 | payload.length])
        : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const mask = randomBytes(4);
    for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
    this.socket.write(Buffer.concat([header, mask, payload]));
  }
}
