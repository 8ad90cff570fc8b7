/**
 * Waiting for the embedded database under contention: the real server on PGlite with the demo
 * data, `readers` clients each sending list calls (several distinct URLs, signed in, with
 * `Cache-Control: no-cache` so that every one runs its SQL) and `writers` clients each sending
 * writes (notification read state, admin notices), all back to back for `duration` seconds.
 * Prints p50/p95/p99/max for reads and for writes, req/s and the 503s; writes
 * bench/results/pglite-queue.json. Each client has one kept-alive connection, opened before
 * the load starts unless --cold.
 *
 *   npm run bench:pglite -w bench [-- --readers 200 --writers 10 --duration 20 --queue-timeout-ms 5000 --cold]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, PASSWORD, REPO } from '../list-api/bench-setup.ts';
import { BASE_DOMAIN, type PgliteServer, startPgliteServer } from './pglite-server.ts';

const { values } = parseArgs({
  options: {
    readers: { type: 'string', default: '200' },
    writers: { type: 'string', default: '10' },
    duration: { type: 'string', default: '20' },
    'warm-up': { type: 'string', default: '2' },
    'queue-timeout-ms': { type: 'string' },
    cached: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
  },
});
const readers = Math.min(2000, Math.max(0, Number(values.readers)));
const writers = Math.min(500, Math.max(0, Number(values.writers)));
const seconds = Math.min(600, Math.max(1, Number(values.duration)));
const warmUpSeconds = Math.max(0, Number(values['warm-up']));
const HOST = `hatch-acme.${BASE_DOMAIN}`;
const READ_URLS = [
  '/v2/materials?per_page=50',
  '/v2/projects?per_page=50',
  '/v2/libraries/items?per_page=50',
  '/v2/libraries?per_page=50',
  '/v2/my-account/notifications?with_read=1',
  '/v2/labels',
];

/** Each client its own kept-alive connection, as a browser tab or an API client has. */
const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
const setupAgent = newAgent();
const agents: http.Agent[] = [setupAgent];

interface Answer {
  status: number;
  text: string;
}

function call(
  agent: http.Agent,
  base: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = { host: HOST, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (!values.cached) headers['cache-control'] = 'no-cache';
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent, timeout: 120_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(base: string, username: string): Promise<string> {
  const answer = await call(setupAgent, base, 'POST', '/v2/login', null, {
    identity: username,
    password: PASSWORD,
    issue_token: true,
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

async function expectOk(base: string, method: string, url: string, token: string, body?: unknown): Promise<string> {
  const answer = await call(setupAgent, base, method, url, token, body);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
  return answer.text;
}

interface Fixtures {
  reader: string;
  admin: string;
  notificationIds: number[];
  editorId: number;
}

async function fixtures(base: string): Promise<Fixtures> {
  const [reader, admin] = await Promise.all([signIn(base, 'editor'), signIn(base, 'admin')]);
  for (const url of READ_URLS) await expectOk(base, 'GET', url, reader);
  const list = JSON.parse(await expectOk(base, 'GET', '/v2/my-account/notifications?with_read=1&per_page=50', reader));
  const notificationIds = (list as { data: { id: number }[] }).data.map((n) => n.id);
  const me = JSON.parse(await expectOk(base, 'GET', '/v2/auth/validate', reader)) as { user?: { id?: number } };
  const editorId = me.user?.id;
  if (!notificationIds.length || !editorId) throw new Error('no demo notifications or no editor id');
  return { reader, admin, notificationIds, editorId };
}

/** The writes, in turn: one notification read or unread, all read, a notice from the admin. */
function writeAt(f: Fixtures, n: number): { method: string; url: string; token: string; body: unknown } {
  const id = f.notificationIds[n % f.notificationIds.length] as number;
  switch (n % 3) {
    case 0:
      return { method: 'PATCH', url: `/v2/my-account/notifications/${id}`, token: f.reader, body: { read: n % 2 } };
    case 1:
      return { method: 'POST', url: '/v2/my-account/notifications/read-all', token: f.reader, body: {} };
    default:
      return {
        method: 'POST',
        url: '/v2/admin/notifications',
        token: f.admin,
        body: { user_id: f.editorId, title: `Bench notice ${n}`, text: 'Sent by the PGlite queue bench.' },
      };
  }
}

interface Tally {
  latencies: number[];
  busy: number;
  otherErrors: number;
  statuses: Record<string, number>;
}

const newTally = (): Tally => ({ latencies: [], busy: 0, otherErrors: 0, statuses: {} });

function record(tally: Tally, status: number, ms: number): void {
  if (status >= 200 && status < 300) tally.latencies.push(ms);
  else if (status === 503) tally.busy++;
  else tally.otherErrors++;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
}

async function drive(
  until: number,
  measureFrom: number,
  tally: Tally,
  next: (n: number) => () => Promise<Answer>,
): Promise<void> {
  for (let n = 0; performance.now() < until; n++) {
    const started = performance.now();
    const status = await next(n)()
      .then((answer) => answer.status)
      .catch(() => 0);
    if (started >= measureFrom) record(tally, status, performance.now() - started);
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const round = (n: number) => Math.round(n * 10) / 10;

function figures(tally: Tally) {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const answered = Object.values(tally.statuses).reduce((a, b) => a + b, 0);
  return {
    ok: sorted.length,
    busy503: tally.busy,
    otherErrors: tally.otherErrors,
    statuses: tally.statuses,
    rps: Math.round(answered / seconds),
    okRps: Math.round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    over10s: sorted.filter((ms) => ms > 10_000).length,
  };
}

async function main(): Promise<void> {
  const env: Record<string, string> = {};
  if (values['queue-timeout-ms']) env.DATABASE_QUEUE_TIMEOUT_MS = values['queue-timeout-ms'];
  log('Starting the server on PGlite with the demo data…');
  let server: PgliteServer | null = await startPgliteServer(env);
  const stopServer = async () => {
    const running = server;
    server = null;
    await running?.stop();
  };
  const interrupted = () => {
    stopServer().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const base = server.url;
    const f = await fixtures(base);
    log(`${readers} readers, ${writers} writers, ${warmUpSeconds} s warm-up + ${seconds} s measured…`);
    const reads = newTally();
    const writes = newTally();
    const measureFrom = performance.now() + warmUpSeconds * 1000;
    const until = measureFrom + seconds * 1000;
    const readerAgents = Array.from({ length: readers }, newAgent);
    const writerAgents = Array.from({ length: writers }, newAgent);
    agents.push(...readerAgents, ...writerAgents);
    // Connections opened while the server is saturated wait long for their first answer (see
    // the report); --cold measures that too, by default every client connects first.
    if (!values.cold) {
      await Promise.all([...readerAgents, ...writerAgents].map((a) => call(a, base, 'GET', '/v2/config', null)));
    }
    const clients: Promise<void>[] = [];
    readerAgents.forEach((agent, offset) => {
      clients.push(
        drive(until, measureFrom, reads, (n) => () => {
          const url = READ_URLS[(offset + n) % READ_URLS.length] as string;
          return call(agent, base, 'GET', url, f.reader);
        }),
      );
    });
    writerAgents.forEach((agent, offset) => {
      clients.push(
        drive(until, measureFrom, writes, (n) => () => {
          const write = writeAt(f, offset + n * writers);
          return call(agent, base, write.method, write.url, write.token, write.body);
        }),
      );
    });
    await Promise.all(clients);
    const result = {
      date: new Date().toISOString(),
      readers,
      writers,
      seconds,
      queueTimeoutMs: values['queue-timeout-ms'] ?? 'server default',
      responseCache: values.cached ? 'used' : 'bypassed (no-cache)',
      connections: values.cold ? 'opened under load' : 'opened before the load',
      reads: figures(reads),
      writes: figures(writes),
    };
    const show = (name: string, x: ReturnType<typeof figures>) =>
      log(
        `${name.padEnd(7)} ok ${String(x.ok).padStart(6)}  ${String(x.okRps).padStart(5)} ok/s  p50 ${x.p50} ms  p95 ${x.p95} ms  p99 ${x.p99} ms  max ${x.max} ms  >10 s ${x.over10s}  503 ${x.busy503}  other errors ${x.otherErrors}`,
      );
    show('reads', result.reads);
    show('writes', result.writes);
    log(`total   ${result.reads.rps + result.writes.rps} req/s answered`);
    const out = path.join(REPO, 'bench/results/pglite-queue.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`Written to ${path.relative(REPO, out)}`);
  } finally {
    for (const agent of agents) agent.destroy();
    await stopServer();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
