import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelFanOut, openWebSocketWithNothingQueued, socketIoPlace } from './channel-fan-out.ts';

/** A real Socket.IO server and clients: what the direct write puts on the wire is what Socket.IO would. */
describe('socketIoPlace', () => {
  let server: http.Server;
  let ioServer: Server;
  let url: string;
  const clients: Socket[] = [];

  const connect = async (transports: ('websocket' | 'polling')[]): Promise<Socket> => {
    const client = io(url, { transports, reconnection: false, forceNew: true });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    return client;
  };
  const serverSide = (client: Socket) => {
    const socket = ioServer.of('/').sockets.get(client.id as string);
    if (!socket) throw new Error('no such socket');
    return socket;
  };
  const heard = (client: Socket, count: number) =>
    new Promise<unknown[][]>((resolve) => {
      const events: unknown[][] = [];
      client.onAny((...args: unknown[]) => {
        events.push(args);
        if (events.length === count) resolve(events);
      });
    });

  beforeAll(async () => {
    server = http.createServer();
    ioServer = new Server(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await ioServer.close();
  });

  it('writes an idle WebSocket’s event straight to its TCP socket, and Socket.IO’s client reads it as sent', async () => {
    const client = await connect(['websocket']);
    serverSide(client).join('room');
    expect(openWebSocketWithNothingQueued(serverSide(client).conn)).not.toBeNull();
    const events = heard(client, 3);
    const fanOut = new ChannelFanOut(socketIoPlace(() => ioServer));
    const payload = { text: 'é – ✓', big: 'x'.repeat(70_000) };
    fanOut.push('room', 'Changed', 1);
    fanOut.push('room', 'Changed', payload);
    fanOut.push('room', 'Other', null);
    await fanOut.idle();
    expect(await events).toEqual([
      ['Changed', 1],
      ['Changed', payload],
      ['Other', null],
    ]);
  });

  it('sends behind packets engine.io still holds, in order, when the connection is not idle', async () => {
    const client = await connect(['websocket']);
    const socket = serverSide(client);
    socket.join('room-2');
    const events = heard(client, 4);
    const fanOut = new ChannelFanOut(
      socketIoPlace(() => ioServer),
      { pause: async () => {} },
    );
    // A send in flight: engine.io holds the next packets until ws has written it.
    socket.emit('Before', 1);
    socket.emit('Before', 2);
    expect(openWebSocketWithNothingQueued(socket.conn)).toBeNull();
    fanOut.push('room-2', 'Changed', 3);
    await fanOut.idle();
    socket.emit('After', 4);
    expect(await events).toEqual([
      ['Before', 1],
      ['Before', 2],
      ['Changed', 3],
      ['After', 4],
    ]);
  });

  it('leaves a long-polling connection to engine.io', async () => {
    const client = await connect(['polling']);
    const socket = serverSide(client);
    expect(openWebSocketWithNothingQueued(socket.conn)).toBeNull();
    socket.join('room-3');
    const events = heard(client, 1);
    const fanOut = new ChannelFanOut(socketIoPlace(() => ioServer));
    fanOut.push('room-3', 'Changed', 'polled');
    expect(await events).toEqual([['Changed', 'polled']]);
  });

  it('sends the usual way when a connection lacks a field it knows (another engine.io or ws version)', async () => {
    const client = await connect(['websocket']);
    const conn = serverSide(client).conn as unknown as { transport: { socket: { _sender: Record<string, unknown> } } };
    const sender = conn.transport.socket._sender;
    const state = sender._state;
    try {
      delete sender._state;
      expect(openWebSocketWithNothingQueued(conn)).toBeNull();
    } finally {
      sender._state = state;
    }
    expect(openWebSocketWithNothingQueued(conn)).not.toBeNull();
    expect(openWebSocketWithNothingQueued({})).toBeNull();
  });
});
