import { type ChildProcess, fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The same fan-out with nothing but Node's TCP: two writer processes (as the server's two HTTP
 * workers) each write one frame of the event's size to their half of `sockets` connections, read
 * by this process as the bench reads its sockets. No Socket.IO, no HTTP, no database: what this
 * machine's kernel and Node cost for it, printed beside the server's figure.
 */
export async function tcpFloor(sockets: number, rounds: number, frameBytes: number): Promise<number[]> {
  const writers = [0, 1].map(() => fork(fileURLToPath(import.meta.url), ['writer', String(frameBytes)]));
  const readBuffer = Buffer.alloc(64 * 1024);
  const opened: net.Socket[] = [];
  try {
    const ports = await Promise.all(writers.map((writer) => reply<number>(writer)));
    let arrivals: number[] = [];
    for (let i = 0; i < sockets; i++) {
      const socket = net.connect({
        port: ports[i % 2] as number,
        host: '127.0.0.1',
        onread: {
          buffer: readBuffer,
          callback: () => {
            arrivals.push(performance.now());
            return true;
          },
        },
      });
      opened.push(socket);
      if (i % 100 === 99) await new Promise((resolve) => socket.once('connect', resolve));
    }
    await Promise.all(
      writers.map((writer, k) =>
        ask<number>(writer, 'count', k === 0 ? Math.ceil(sockets / 2) : Math.floor(sockets / 2)),
      ),
    );
    const delays: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      arrivals = [];
      const sent = performance.now();
      await Promise.all(writers.map((writer) => ask(writer, 'write')));
      const until = Date.now() + 5_000;
      while (arrivals.length < sockets && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
      delays.push(...arrivals.map((at) => at - sent));
    }
    return delays;
  } finally {
    for (const socket of opened) socket.destroy();
    for (const writer of writers) writer.kill();
  }
}

function reply<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve) => child.once('message', (message) => resolve(message as T)));
}

function ask<T>(child: ChildProcess, what: string, value?: number): Promise<T> {
  const answer = reply<T>(child);
  child.send({ what, value });
  return answer;
}

/** A writer process: accepts connections, then writes one frame to each when told. */
function writer(frameBytes: number): void {
  const connections: net.Socket[] = [];
  const frame = Buffer.alloc(frameBytes, 'x');
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    connections.push(socket);
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as net.AddressInfo).port));
  process.on('message', async (message: { what: string; value?: number }) => {
    if (message.what === 'count') {
      while (connections.length < (message.value ?? 0)) await new Promise((resolve) => setTimeout(resolve, 10));
      process.send?.(connections.length);
    } else {
      // Answer first, as the server answers the save before its fan-out starts.
      process.send?.(0);
      for (const socket of connections) socket.write(frame);
    }
  });
}

if (process.argv[2] === 'writer') writer(Number(process.argv[3]));
