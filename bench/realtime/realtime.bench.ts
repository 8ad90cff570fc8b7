/**
 * Realtime at scale without slowing the writer (issue 28 item 5). The real server on PostgreSQL
 * with two HTTP workers (cluster: connections spread over both, events cross through
 * PostgreSQL); sockets of acme's editor subscribed to acme's content channel, and a few of
 * globex's admin on globex's. For each socket count, a project of acme is saved several times
 * (one save at a time, each after the last one's events arrived) and the bench prints the
 * save's answer p50/p99 beside the same saves with no sockets, how long after the answer the
 * event reached the sockets (p99), how many sockets never got it, whether a globex socket got
 * any, and "met" / "not met". Beside the largest count, the same fan-out with bare TCP
 * (tcp-floor.ts): what the kernel and Node alone cost on this machine.
 *
 *   npm run bench:realtime -w bench [-- --sockets 1000,4000,10000 --saves 10]
 *
 * The database meshport_realtime_bench beside BENCH_DATABASE_URL / TEST_DATABASE_URL /
 * postgres://postgres@127.0.0.1:5432/postgres: migrated and seeded with the demo on first use.
 * Needs about 1.1 × the largest socket count in open files (`ulimit -n`) in this process.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BASE_DOMAIN, httpCall, log, runCli, signIn, startServer } from '../list-api/bench-setup.ts';
import { waitForQuietMachine } from '../mixed/quiet-machine.ts';
import { RawSocket } from './raw-socket.ts';
import { tcpFloor } from './tcp-floor.ts';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000,4000,10000' },
    saves: { type: 'string', default: '10' },
  },
});
const COUNTS = (values.sockets ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const SAVES = Math.min(20, Math.max(5, Number(values.saves)));
const EVENT = 'ContentChanged';
const DATABASE = 'meshport_realtime_bench';
/** Sockets of another company, which must hear nothing of acme's saves. */
const OTHERS = 20;
const OPEN_AT_ONCE = 100;
const ANSWER_RATIO = 1.2;
const ARRIVAL_MS = 100;
const WAIT_FOR_EVENTS_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number) : NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function prepareDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount === 1;
  if (!exists) await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  log(exists ? `Migrating ${DATABASE}.` : `Creating ${DATABASE}: migrate and demo seed.`);
  runCli([exists ? 'migrate' : 'seed'], url.toString());
  return url.toString();
}

async function waitReady(base: string): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the server was not ready within 180 s');
}

async function companyId(base: string, host: string, token: string): Promise<number> {
  const answer = await httpCall(`${base}/v2/auth/validate`, { headers: { host, authorization: `Bearer ${token}` } });
  return (JSON.parse(answer.text) as { user: { company_id: number } }).user.company_id;
}

async function openMany(n: number, open: () => Promise<RawSocket>, channel: string): Promise<RawSocket[]> {
  const opened: RawSocket[] = [];
  for (let start = 0; start < n; start += OPEN_AT_ONCE) {
    const batch = await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, n - start) }, open));
    const joined = await Promise.all(batch.map((socket) => socket.subscribe(channel)));
    if (joined.some((ok) => !ok)) throw new Error(`a socket could not join ${channel}`);
    opened.push(...batch);
  }
  return opened;
}

interface Round {
  sockets: number;
  answers: number[];
  arrivals: number[];
  lost: number;
  othersHeard: number;
}

async function main(): Promise<void> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await prepareDatabase(adminUrl);
  const server = await startServer(url, {
    WORKERS: '2',
    DATA_DIR: path.join(os.tmpdir(), 'meshport-bench-realtime-files'),
  });
  const stopAll: RawSocket[] = [];
  const rounds: Round[] = [];
  try {
    await waitReady(server.url);
    const port = Number(new URL(server.url).port);
    const acme = `hatch-acme.${BASE_DOMAIN}`;
    const globex = `hatch-globex.${BASE_DOMAIN}`;
    const editor = await signIn(server.url, acme, 'editor');
    const admin = await signIn(server.url, globex, 'admin');
    const acmeChannel = `private-company.${await companyId(server.url, acme, editor)}.Content`;
    const globexChannel = `private-company.${await companyId(server.url, globex, admin)}.Content`;
    const headers = { host: acme, authorization: `Bearer ${editor}`, 'content-type': 'application/json' };
    const created = await httpCall(`${server.url}/v2/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Realtime bench ${Date.now()}` }),
    });
    if (created.status !== 201 && created.status !== 200) throw new Error(`project: ${created.status} ${created.text}`);
    const projectId = (JSON.parse(created.text) as { data: { id: number } }).data.id;
    let saved = 0;
    const save = async (): Promise<{ ms: number; at: number }> => {
      const started = performance.now();
      const answer = await httpCall(`${server.url}/v2/projects/${projectId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name: `Realtime bench save ${++saved}` }),
      });
      const at = performance.now();
      if (answer.status !== 200) throw new Error(`save: ${answer.status} ${answer.text}`);
      return { ms: at - started, at };
    };
    const others = await openMany(
      OTHERS,
      () => RawSocket.open({ port, host: globex, token: admin, watch: EVENT }),
      globexChannel,
    );
    stopAll.push(...others);
    const sockets: RawSocket[] = [];
    for (const count of [0, ...COUNTS]) {
      if (count > sockets.length) {
        const started = Date.now();
        const more = await openMany(
          count - sockets.length,
          () => RawSocket.open({ port, host: acme, token: editor, watch: EVENT }),
          acmeChannel,
        );
        sockets.push(...more);
        stopAll.push(...more);
        log(`${count} sockets open and subscribed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
      // The saves start once the machine is quiet: opening 6,000 sockets in two seconds leaves the
      // server's processes garbage and work behind it, and the first saves' events took 30 ms longer.
      await sleep(1_000);
      const quietAfter = await waitForQuietMachine();
      if (count) log(`  (the machine quiet ${(quietAfter / 1000).toFixed(1)} s later)`);
      const round: Round = { sockets: count, answers: [], arrivals: [], lost: 0, othersHeard: 0 };
      for (let i = 0; i < SAVES; i++) {
        const before = sockets.map((socket) => socket.arrivals.length);
        const answer = await save();
        round.answers.push(answer.ms);
        const until = Date.now() + WAIT_FOR_EVENTS_MS;
        while (sockets.some((s, k) => s.arrivals.length <= (before[k] as number)) && Date.now() < until) await sleep(5);
        sockets.forEach((socket, k) => {
          const arrival = socket.arrivals[before[k] as number];
          if (arrival === undefined) round.lost += 1;
          else round.arrivals.push(Math.max(0, arrival - answer.at));
        });
        await sleep(200);
      }
      round.othersHeard = others.reduce((sum, socket) => sum + socket.arrivals.length, 0);
      rounds.push(round);
      log(
        `  ${count} sockets: save p50 ${ms(quantile(round.answers, 0.5))} p99 ${ms(quantile(round.answers, 0.99))}` +
          (count ? `; event p99 ${ms(quantile(round.arrivals, 0.99))} after the answer, ${round.lost} lost` : ''),
      );
    }
  } finally {
    for (const socket of stopAll) socket.close();
    await server.stop();
  }
  const largest = rounds[rounds.length - 1];
  // A WebSocket frame's header around the Engine.IO message.
  const frameBytes = Math.max(...stopAll.map((socket) => socket.eventBytes)) + 4;
  const floor = largest?.sockets ? await tcpFloor(largest.sockets, SAVES, frameBytes) : [];
  report(rounds, floor);
}

function report(rounds: Round[], floor: number[]): void {
  const none = rounds[0] as Round;
  const base50 = quantile(none.answers, 0.5);
  log(`\nRealtime fan-out, ${SAVES} saves per row, PostgreSQL, 2 HTTP workers, ${os.cpus().length} cores:`);
  log('| sockets | save p50 | save p99 | p50 vs none | event p99 after answer | lost | other company heard |');
  log('|---|---|---|---|---|---|---|');
  for (const r of rounds) {
    const ratio = quantile(r.answers, 0.5) / base50;
    log(
      `| ${r.sockets} | ${ms(quantile(r.answers, 0.5))} | ${ms(quantile(r.answers, 0.99))} | ${ratio.toFixed(2)}× | ${r.sockets ? ms(quantile(r.arrivals, 0.99)) : '–'} | ${r.lost} | ${r.othersHeard} |`,
    );
  }
  const largest = rounds[rounds.length - 1] as Round;
  if (floor.length)
    log(
      `| ${largest.sockets}, bare TCP | – | – | – | ${ms(quantile(floor, 0.99))} | ${SAVES * largest.sockets - floor.length} | – |\n` +
        `(bare TCP: the same frames from two writer processes to the same number of sockets read by this process; ` +
        `no Socket.IO, HTTP or database: what this machine's kernel and Node alone cost for the fan-out.)`,
    );
  const checks = [
    {
      what: `save answer p50 with ${largest.sockets} sockets ≤ ${ANSWER_RATIO} × with none`,
      met: quantile(largest.answers, 0.5) <= ANSWER_RATIO * base50,
    },
    {
      what: `every socket has the event within ${ARRIVAL_MS} ms of the answer (p99)`,
      met: rounds.slice(1).every((r) => quantile(r.arrivals, 0.99) <= ARRIVAL_MS),
    },
    { what: 'no event lost', met: rounds.every((r) => r.lost === 0) },
    { what: "no socket of another company heard acme's saves", met: rounds.every((r) => r.othersHeard === 0) },
  ];
  for (const check of checks) log(`${check.met ? 'met' : 'not met'}: ${check.what}`);
  log(checks.every((c) => c.met) ? 'met' : 'not met');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
