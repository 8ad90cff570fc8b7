import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ChannelFanOut, type FanOutPlace, webSocketTextFrame } from './channel-fan-out.ts';

/** The `ws` library's own framing (engine.io's WebSocket server), to hold ours to. */
interface WsSender {
  frame(
    data: Buffer,
    options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
  ): Buffer[];
}
const wsSender = (createRequire(import.meta.url)('ws') as { Sender: WsSender }).Sender;

/** Rooms and sockets as Socket.IO keeps them; each socket records the frames written to it. */
function place() {
  const rooms = new Map<string, Set<string>>();
  const received = new Map<string, string[]>();
  const encoded: string[] = [];
  const join = (channel: string, ...ids: string[]) => {
    const room = rooms.get(channel) ?? new Set<string>();
    for (const id of ids) {
      room.add(id);
      if (!received.has(id)) received.set(id, []);
    }
    rooms.set(channel, room);
  };
  const where: FanOutPlace<string[]> = {
    members: (channel) => rooms.get(channel),
    writer: (frames) => (id) => received.get(id)?.push(...frames.map(String)),
    encode: (event, payload) => {
      const frame = JSON.stringify([event, payload]);
      encoded.push(frame);
      return [frame];
    },
  };
  return { rooms, received, encoded, join, where };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('ChannelFanOut', () => {
  it('writes every event to every socket of its channel, in the order given, encoding each once', async () => {
    const p = place();
    p.join('private-company.1.content', ...ids('a', 250));
    const fanOut = new ChannelFanOut(p.where, { batch: 16 });
    for (let n = 1; n <= 5; n++) fanOut.push('private-company.1.content', 'content.changed', { n });
    await fanOut.idle();
    const expected = [1, 2, 3, 4, 5].map((n) => JSON.stringify(['content.changed', { n }]));
    for (const id of ids('a', 250)) expect(p.received.get(id)).toEqual(expected);
    expect(p.encoded).toEqual(expected);
  });

  it('never writes to a socket of another channel, such as another company’s', async () => {
    const p = place();
    p.join('private-company.1.content', ...ids('a', 40));
    p.join('private-company.2.content', ...ids('b', 40));
    const fanOut = new ChannelFanOut(p.where, { batch: 7 });
    fanOut.push('private-company.1.content', 'content.changed', { resources: ['projects'] });
    await fanOut.idle();
    for (const id of ids('a', 40)) expect(p.received.get(id)).toHaveLength(1);
    for (const id of ids('b', 40)) expect(p.received.get(id)).toEqual([]);
  });

  it('writes nothing before the caller’s turn ends, and lets the loop run between batches', async () => {
    const p = place();
    p.join('c', ...ids('a', 10));
    const turns: number[] = [];
    const pause = () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          turns.push([...p.received.values()].filter((frames) => frames.length > 0).length);
          resolve();
        }),
      );
    const fanOut = new ChannelFanOut(p.where, { batch: 4, pause });
    fanOut.push('c', 'e', 1);
    expect([...p.received.values()].every((frames) => frames.length === 0)).toBe(true);
    await fanOut.idle();
    // Before the first write, after 4 sockets, after 8.
    expect(turns).toEqual([0, 4, 8]);
    expect([...p.received.values()].every((frames) => frames.length === 1)).toBe(true);
  });

  it('skips a socket that left the channel before its batch (access taken away), and loses no other', async () => {
    const p = place();
    p.join('c', ...ids('a', 12));
    const fanOut = new ChannelFanOut(p.where, {
      batch: 4,
      pause: () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            p.rooms.get('c')?.delete('a10');
            resolve();
          }),
        ),
    });
    fanOut.push('c', 'e', 1);
    await fanOut.idle();
    expect(p.received.get('a10')).toEqual([]);
    const delivered = ids('a', 12).filter((id) => p.received.get(id)?.length === 1);
    expect(delivered).toHaveLength(11);
  });

  it('goes on with the next events when one cannot be encoded, and reports it', async () => {
    const p = place();
    p.join('c', 'a0');
    const errors: unknown[] = [];
    const fanOut = new ChannelFanOut(p.where, { onError: (error) => errors.push(error) });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    fanOut.push('c', 'e', 1);
    fanOut.push('c', 'e', circular);
    fanOut.push('c', 'e', 3);
    await fanOut.idle();
    expect(p.received.get('a0')).toEqual([JSON.stringify(['e', 1]), JSON.stringify(['e', 3])]);
    expect(errors).toHaveLength(1);
  });

  it('events pushed while others are being written wait their turn behind them', async () => {
    const p = place();
    p.join('c', ...ids('a', 30));
    const fanOut = new ChannelFanOut(p.where, { batch: 5 });
    fanOut.push('c', 'e', 1);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    fanOut.push('c', 'e', 2);
    await fanOut.idle();
    for (const id of ids('a', 30)) expect(p.received.get(id)).toEqual(['["e",1]', '["e",2]']);
  });
});

describe('webSocketTextFrame', () => {
  it.each([0, 5, 125, 126, 65_535, 65_536, 200_000])('frames %i bytes as the ws library does', (length) => {
    const data = Buffer.alloc(length, 'é'.charCodeAt(0) % 256);
    const theirs = Buffer.concat(
      wsSender.frame(data, { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }),
    );
    expect(webSocketTextFrame(data).equals(theirs)).toBe(true);
  });
});
