/**
 * Requests through the proxy, each answer with the processes nginx sent it to (`X-Upstream`,
 * deploy/nginx/meshport.conf.example), and a steady load of reads and writes that records every
 * request's start, end and outcome.
 */
import http from 'node:http';

const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The processes nginx tried, in order (`127.0.0.1:port`); the last one answered. */
  upstreams: string[];
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The local address to connect from (nginx picks a realtime process by the client's address). */
  localAddress?: string;
  /** A connection of its own, not one kept alive from an earlier request. */
  ownConnection?: boolean;
}

/** Where the test talks to: nginx's port and the tenant host sent as `Host`. */
export interface ProxyTarget {
  port: number;
  host: string;
}

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });

export function upstreamsOf(headers: http.IncomingHttpHeaders): string[] {
  const value = headers['x-upstream'];
  const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return text
    .split(/,\s*|\s+:\s+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** One request through the proxy (or to one process); rejects when the connection ends without an answer. */
export function call(target: ProxyTarget, path: string, options: CallOptions = {}): Promise<Answer> {
  const payload = options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
  const headers: Record<string, string> = {
    host: target.host,
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
    ...options.headers,
  };
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path,
        method: options.method ?? 'GET',
        headers,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        agent: options.localAddress || options.ownConnection ? false : keptAlive,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            upstreams: upstreamsOf(response.headers),
          });
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

export function dataOf<T>(answer: Answer): T {
  const body = answer.body as { data?: T } | null;
  if (answer.status >= 300 || !body || typeof body !== 'object' || body.data === undefined) {
    throw new Error(`answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return body.data;
}

export interface LoadRecord {
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  /** The status, or null when the connection ended without one. */
  status: number | null;
  /** Why it failed: the connection's error, or the answer's body. */
  error?: string;
  upstreams: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `loops` clients, each going round: list projects, create a project (a write every socket of
 * the company hears of), rename it, read it. A short pause between requests keeps the machine's
 * two cores for the servers.
 */
export class SteadyLoad {
  readonly records: LoadRecord[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly target: ProxyTarget,
    private readonly token: string,
    private readonly pauseMs = 25,
  ) {}

  start(loops: number): void {
    this.running = true;
    this.loops = Array.from({ length: loops }, (_unused, index) => this.loop(index));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Records from `since` on. */
  after(since: number): LoadRecord[] {
    return this.records.filter((record) => record.startedAt >= since);
  }

  private async loop(index: number): Promise<void> {
    let projectId: number | null = null;
    for (let round = 0; this.running; round++) {
      const step = round % 4;
      if (step === 0) await this.send('GET', '/v2/projects?per_page=5&sort=-id');
      if (step === 1) {
        const answer = await this.send('POST', '/v2/projects', { name: `Load ${index}-${round}` });
        if (answer?.status === 201) projectId = dataOf<{ id: number }>(answer).id;
      }
      if (step === 2 && projectId !== null) {
        await this.send('PATCH', `/v2/projects/${projectId}`, { description: `Round ${round}` });
      }
      if (step === 3 && projectId !== null) await this.send('GET', `/v2/projects/${projectId}`);
      await sleep(this.pauseMs);
    }
  }

  private async send(method: string, path: string, json?: unknown): Promise<Answer | null> {
    const startedAt = Date.now();
    try {
      const answer = await call(this.target, path, { method, token: this.token, ...(json ? { json } : {}) });
      const record: LoadRecord = {
        method,
        path,
        startedAt,
        endedAt: Date.now(),
        status: answer.status,
        upstreams: answer.upstreams,
      };
      // The server's JSON message; nginx's own pages (502) say no more than their status.
      if (answer.status >= 300 && typeof answer.body === 'object')
        record.error = JSON.stringify(answer.body).slice(0, 200);
      this.records.push(record);
      return answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.records.push({ method, path, startedAt, endedAt: Date.now(), status: null, error: message, upstreams: [] });
      return null;
    }
  }
}

export const succeeded = (record: LoadRecord) => record.status !== null && record.status >= 200 && record.status < 300;
