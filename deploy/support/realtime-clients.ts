/**
 * Socket.IO clients through the proxy, as the web app connects (WebSocket, the session's token,
 * one channel joined after each connect), recording when they joined and what they heard.
 * nginx gives each client address one process (`hash $remote_addr`): connecting from several
 * loopback addresses (127.0.0.x) puts clients on each api process.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { call, type ProxyTarget } from './proxy-load.ts';

const REALTIME_PATH = '/socket.io';
const SUBSCRIBE = 'subscribe';

export interface RealtimeClient {
  /** The local address it connects from, and the process nginx sends that address to. */
  address: string;
  upstream: string;
  socket: Socket;
  /** When the channel was joined: at the first connect and after every reconnect. */
  joins: number[];
  disconnects: number[];
  /** When each event arrived. */
  events: number[];
}

/**
 * The process nginx sends realtime requests from `address` to: a request for an unknown transport,
 * which any process refuses (400) without opening a session.
 */
export async function realtimeUpstreamOf(target: ProxyTarget, address: string): Promise<string> {
  const answer = await call(target, `${REALTIME_PATH}/?EIO=4&transport=probe`, { localAddress: address });
  const upstream = answer.upstreams.at(-1);
  if (!upstream) throw new Error(`no X-Upstream on the realtime answer (${answer.status})`);
  return upstream;
}

/** Connects from `address`, joins `channel` and listens for `event`; resolves once joined. */
export function connectRealtime(
  target: ProxyTarget,
  options: { token: string; channel: string; event: string; address: string; upstream: string },
): Promise<RealtimeClient> {
  // `localAddress`: a Node-only option of engine.io's WebSocket transport (passed to `ws`).
  const socketOptions: Partial<ManagerOptions & SocketOptions> & { localAddress: string } = {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token: options.token },
    extraHeaders: { host: target.host },
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1_000,
    randomizationFactor: 0,
    timeout: 10_000,
    localAddress: options.address,
  };
  const socket = io(`http://127.0.0.1:${target.port}`, socketOptions);
  const client: RealtimeClient = {
    address: options.address,
    upstream: options.upstream,
    socket,
    joins: [],
    disconnects: [],
    events: [],
  };
  socket.on(options.event, () => client.events.push(Date.now()));
  socket.on('disconnect', () => client.disconnects.push(Date.now()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`realtime client ${options.address} did not join in time`)),
      20_000,
    );
    socket.on('connect', () => {
      socket.emit(SUBSCRIBE, { channel: options.channel }, (ack: { ok: boolean; message?: string }) => {
        if (!ack.ok) {
          clearTimeout(timer);
          reject(new Error(`joining ${options.channel} refused: ${ack.message ?? ''}`));
          return;
        }
        client.joins.push(Date.now());
        if (client.joins.length === 1) {
          clearTimeout(timer);
          resolve(client);
        }
      });
    });
  });
}

/**
 * `perUpstream` clients on each of `upstreams`: loopback addresses are tried in turn, each kept
 * when nginx sends it to a process that still needs clients.
 */
export async function realtimeClientsOn(
  target: ProxyTarget,
  upstreams: string[],
  perUpstream: number,
  options: { token: string; channel: string; event: string },
): Promise<RealtimeClient[]> {
  const chosen = new Map<string, string[]>(upstreams.map((upstream) => [upstream, []]));
  for (let last = 2; last < 250; last++) {
    const address = `127.0.0.${last}`;
    const upstream = await realtimeUpstreamOf(target, address);
    const addresses = chosen.get(upstream);
    if (addresses && addresses.length < perUpstream) addresses.push(address);
    if ([...chosen.values()].every((list) => list.length >= perUpstream)) break;
  }
  const pairs = [...chosen].flatMap(([upstream, addresses]) => addresses.map((address) => ({ upstream, address })));
  if (pairs.length < upstreams.length * perUpstream) throw new Error('nginx sent no client address to some process');
  return Promise.all(pairs.map((pair) => connectRealtime(target, { ...options, ...pair })));
}
