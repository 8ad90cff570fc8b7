import http from 'node:http';
import type { Body } from './hostile-request.ts';

export interface RawRequest {
  method: string;
  /** Sent as-is in the request line: not normalised, not re-encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Body;
}

export type RawAnswer =
  | { status: number; contentType: string; text: string; ms: number }
  | { error: string; ms: number };

const CHUNK = Buffer.alloc(1024 * 1024, 'x');
/** How long a body over CHUNK waits after its headers for a refusal (curl waits a second for its 100-continue). */
const EARLY_ANSWER_MS = 1000;

/** One request on its own connection, so that a connection the server drops cannot spoil the next. */
export function sendRaw(url: URL, request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
  const started = performance.now();
  /** The second a large body waits for an early refusal is the client's, not the server's: not counted. */
  let waited = 0;
  const elapsed = () => Math.round(performance.now() - started - waited);
  const body = request.body;
  const length = body === undefined ? 0 : body.kind === 'bytes' ? body.data.length : body.size;
  const headers = body === undefined ? request.headers : { ...request.headers, 'content-length': String(length) };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let client: http.ClientRequest;
    try {
      client = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        // A large body on a kept-alive connection: a server refusing it early reads the rest away
        // instead of closing, which would reset the connection before its answer is read.
        headers: { connection: length > CHUNK.length ? 'keep-alive' : 'close', ...headers },
        agent: false,
      });
    } catch (error) {
      // Node refuses some paths itself (characters outside latin-1): nothing reached the server.
      settle({ error: `not sendable: ${String(error)}`, ms: 0 });
      return;
    }
    let answered = false;
    client.setTimeout(timeoutMs, () => client.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    client.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        settle({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          ms: elapsed(),
        });
        client.destroy();
      });
      res.on('error', (error) => settle({ error: `answer broken off: ${error.message}`, ms: elapsed() }));
    });
    client.on('error', (error) => {
      // The server may answer (413, 401) and close before a large body is all sent.
      if (!answered) settle({ error: error.message, ms: elapsed() });
    });
    const write = () => {
      if (body?.kind === 'large') void writeLarge(client, body, () => answered);
      else if (body && body.data.length > CHUNK.length) void writeChunks(client, body.data, () => answered);
      else client.end(body?.data);
    };
    if (length > CHUNK.length) {
      // As curl's `Expect: 100-continue`: the headers first, the body only if no early refusal comes.
      // A server refusing by the declared length closes the connection, and writing into that
      // would reset it before its answer is read.
      client.flushHeaders();
      const waitStarted = performance.now();
      setTimeout(() => {
        if (!answered) waited = performance.now() - waitStarted;
        write();
      }, EARLY_ANSWER_MS);
    } else write();
  });
}

async function writeLarge(client: http.ClientRequest, body: Extract<Body, { kind: 'large' }>, stop: () => boolean) {
  if (stop()) return;
  const head = Buffer.from(body.head);
  const tail = Buffer.from(body.tail);
  let left = body.size - head.length - tail.length;
  const write = (chunk: Buffer) =>
    client.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => client.once('drain', resolve));
  await write(head);
  while (left > 0 && !stop() && !client.destroyed) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    left -= chunk.length;
    await write(chunk);
  }
  if (!client.destroyed) client.end(left > 0 ? undefined : tail);
}

/** A large body in chunks, stopping once answered: a server refusing it early may close before it is all sent. */
async function writeChunks(client: http.ClientRequest, data: Buffer, stop: () => boolean) {
  const write = (chunk: Buffer) =>
    client.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => client.once('drain', resolve));
  for (let at = 0; at < data.length && !stop() && !client.destroyed; at += CHUNK.length) {
    await write(data.subarray(at, at + CHUNK.length));
  }
  if (!client.destroyed) client.end();
}
