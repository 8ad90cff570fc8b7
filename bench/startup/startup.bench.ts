/**
 * Issue 29, item 1: the server from its TypeScript sources (`tsx src/main.ts serve`) against the compiled
 * server (`node dist/main.js serve`). For each run: the time from the spawn to the first `/readyz` 200
 * (polled every 50 ms), then, after a rest, the resident memory of every process of the server's tree
 * (the tsx CLI, the primary, cluster workers, the converter, Chromium). Medians over the runs.
 *
 *   npm run bench:startup -w bench -- [--servers source,compiled[,compiled-no-maps]] [--db embedded|postgres] [--runs 3] [--rest 30]
 *
 * The servers take turns (run 1 of each, then run 2 of each…), so that a machine busier in one minute than
 * in the next weighs on both alike. The database is seeded once, before the runs: each run is a later
 * start on demo data. With `--db postgres` (WORKERS=2) a scratch database is made on TEST_DATABASE_URL's
 * server and dropped after. `compiled` needs `npm run build -w apps/server` first.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { log, REPO, SERVER_DIR } from '../list-api/bench-setup.ts';
import { descendants } from '../pipeline/proc-memory.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: 'source,compiled' },
    db: { type: 'string', default: 'embedded' },
    runs: { type: 'string', default: '3' },
    rest: { type: 'string', default: '30' },
  },
});
type Server = 'source' | 'compiled' | 'compiled-no-maps';
const COMMAND: Record<Server, string[]> = {
  source: [path.join(REPO, 'node_modules/.bin/tsx'), 'src/main.ts'],
  compiled: [process.execPath, 'dist/main.js'],
  // The bundle without its entry, which turns source maps on: what the maps cost.
  'compiled-no-maps': [process.execPath, 'dist/bundle/main.js'],
};
const SERVERS = values.servers.split(',').filter((name): name is Server => name in COMMAND);
const DB = values.db === 'postgres' ? 'postgres' : 'embedded';
const RUNS = Number(values.runs);
const REST_MS = Number(values.rest) * 1000;
const POLL_MS = 50;
const TIMEOUT_MS = 5 * 60_000;
const SCRATCH_DB = `meshport_startup_${process.pid}`;

function readyStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/readyz' }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.setTimeout(1_000, () => request.destroy());
  });
}

function procText(pid: number, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(procText(pid, 'status'));
  return match?.[1] ? Number(match[1]) / 1024 : 0;
}

const TICKS_PER_S = 100;

/** CPU seconds (user + system) a process has used so far, with those of its children that ended. */
function cpuSeconds(pid: number): number {
  const stat = procText(pid, 'stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((total, index) => total + Number(fields[index] ?? 0), 0) / TICKS_PER_S;
}

/** What a process of the tree is: from its command line and, for cluster workers, its SERVE_ROLE. */
function roleOf(pid: number): string {
  const args = procText(pid, 'cmdline').split('\0');
  const env = procText(pid, 'environ').split('\0');
  if (args.some((arg) => arg.includes('conversion-worker'))) return 'converter';
  // esbuild's service process, started by tsx's loader and by the preview page's bundling at run time.
  if (args[0]?.includes('esbuild')) return 'esbuild';
  if (args.some((arg) => arg.endsWith('tsx/dist/cli.mjs') || arg.endsWith('.bin/tsx'))) return 'tsx CLI';
  if (args.some((arg) => /main\.[jt]s$/.test(arg))) {
    if (!env.some((entry) => entry.startsWith('NODE_UNIQUE_ID='))) return 'primary';
    return env.includes('SERVE_ROLE=worker') ? 'background worker' : 'http worker';
  }
  return 'chromium';
}

function freePort(): number {
  const result = spawnSync(
    process.execPath,
    ['-e', 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'],
    { encoding: 'utf8' },
  );
  return Number(result.stdout.trim());
}

function run(server: Server, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [bin, ...rest] = COMMAND[server];
  return spawn(bin as string, [...rest, ...args], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

interface Figures {
  /** The first answer of any status: the HTTP server listens (its warm-up still runs). */
  listeningMs: number;
  readyMs: number;
  /** CPU seconds all but Chromium had used when ready: the machine's load does not stretch them. */
  cpuToReadyS: number;
  byRole: Map<string, number[]>;
}

/** The server of the run in progress, stopped if the bench is interrupted. */
let running: ChildProcess | null = null;

async function measure(server: Server, env: NodeJS.ProcessEnv): Promise<Figures> {
  const port = freePort();
  const started = performance.now();
  const child = run(server, ['serve'], { ...env, PORT: String(port) });
  running = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let listeningMs = 0;
  try {
    for (let status = await readyStatus(port); status !== 200; status = await readyStatus(port)) {
      if (status !== 0 && !listeningMs) listeningMs = performance.now() - started;
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr.slice(-2000)}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error('the server was not ready in time');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const readyMs = performance.now() - started;
    listeningMs ||= readyMs;
    const tree = [child.pid as number, ...descendants(child.pid as number)];
    const cpuToReadyS = sum(tree.filter((pid) => roleOf(pid) !== 'chromium').map(cpuSeconds));
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const byRole = new Map<string, number[]>();
    for (const pid of [child.pid as number, ...descendants(child.pid as number)]) {
      const role = roleOf(pid);
      byRole.set(role, [...(byRole.get(role) ?? []), rssMb(pid)]);
    }
    return { listeningMs, readyMs, cpuToReadyS, byRole };
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    running = null;
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function report(server: Server, runs: Figures[]): void {
  log(
    `${server}: median listening ${median(runs.map((r) => r.listeningMs)).toFixed(0)} ms, ready ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms, CPU to ready ${median(runs.map((r) => r.cpuToReadyS)).toFixed(1)} s`,
  );
  const roles = new Set(runs.flatMap((r) => [...r.byRole.keys()]));
  for (const role of roles) {
    const perRun = runs.map((r) => r.byRole.get(role) ?? []);
    const count = median(perRun.map((mbs) => mbs.length));
    log(
      `  median RSS ${role}: ${median(perRun.map(sum)).toFixed(0)} MB in all (${count} process${count === 1 ? '' : 'es'}, ${median(perRun.flat()).toFixed(0)} MB each)`,
    );
  }
  const node = runs.map((r) => sum([...r.byRole].filter(([role]) => role !== 'chromium').flatMap(([, mbs]) => mbs)));
  log(`  median RSS of all but Chromium: ${median(node).toFixed(0)} MB`);
}

async function main(): Promise<void> {
  const { DATABASE_URL: _ignored, WORKERS: _workers, ...inherited } = process.env;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-startup-'));
  const env: NodeJS.ProcessEnv = { ...inherited, DATA_DIR: dataDir, DEMO_MODELS: 'false', LOG_LEVEL: 'warn' };
  let admin: pg.Client | null = null;
  if (DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('--db postgres needs TEST_DATABASE_URL (a superuser URL)');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${SCRATCH_DB}`);
    const url = new URL(adminUrl);
    url.pathname = `/${SCRATCH_DB}`;
    Object.assign(env, { DATABASE_URL: url.toString(), WORKERS: '2' });
  }
  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
      await admin.end();
      admin = null;
    }
  };
  const interrupted = async () => {
    running?.kill('SIGTERM');
    if (running) await exited(running);
    await cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', () => void interrupted());
  process.once('SIGTERM', () => void interrupted());
  try {
    const seeded = run(SERVERS[0] ?? 'compiled', ['seed'], env);
    await exited(seeded);
    if (seeded.exitCode !== 0) throw new Error(`seed failed (${seeded.exitCode})`);
    log(
      `${DB} database${DB === 'postgres' ? ', WORKERS=2' : ''}: ${RUNS} runs of each server, rest ${REST_MS / 1000} s`,
    );
    const runs = new Map<Server, Figures[]>(SERVERS.map((server) => [server, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const server of SERVERS) {
        const figures = await measure(server, env);
        runs.get(server)?.push(figures);
        const memory = [...figures.byRole].map(([role, mbs]) => `${role} ${mbs.map((mb) => mb.toFixed(0)).join('+')}`);
        const load = os.loadavg()[0]?.toFixed(2);
        log(
          `  ${server} run ${i + 1}: listening ${figures.listeningMs.toFixed(0)} ms, ready ${figures.readyMs.toFixed(0)} ms, CPU ${figures.cpuToReadyS.toFixed(1)} s (load ${load}); RSS MB: ${memory.join(', ')}`,
        );
      }
    }
    for (const [server, figures] of runs) report(server, figures);
  } finally {
    await cleanUp();
  }
}

await main();
