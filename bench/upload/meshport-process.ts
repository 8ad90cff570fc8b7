import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { descendants } from '../pipeline/proc-memory.ts';

/** The real server (`meshport serve`) as a user runs it, for the upload benches: start, stop, sign in, memory. */

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_DIR = path.join(REPO, 'apps/server');
export const BASE_DOMAIN = 'meshport.test';
export const HOST = `hatch-acme.${BASE_DOMAIN}`;
export const PASSWORD = 'meshport-demo-2026';
export const RESULTS_DIR = path.join(REPO, 'bench/results');
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request to the server (127.0.0.1 only) with the tenant's Host header. */
export function call(
  base: string,
  path: string,
  options: {
    method?: string;
    token?: string;
    headers?: Record<string, string>;
    json?: unknown;
    agent?: http.Agent;
  } = {},
): Promise<HttpAnswer> {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error('the bench sends traffic to 127.0.0.1 only');
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host: HOST, accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function signIn(base: string, identity: string): Promise<string> {
  const answer = await call(base, '/v2/login', {
    method: 'POST',
    json: { identity, password: PASSWORD, issue_token: true },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${identity} failed: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

export interface ServerLine {
  at: number;
  level: number;
  msg: string;
  text: string;
}

export interface MeshportServer {
  base: string;
  pid: number;
  child: ChildProcess;
  /** Warnings and errors the server logged (JSON lines at level ≥ 40, and any other line). */
  problems: ServerLine[];
  exited: Promise<number | null>;
  startedMs: number;
  readyMs: number;
  /** SIGTERM (drains, then exits) or SIGKILL (and its helper processes with it); resolves once gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<{ exitCode: number | null; ms: number }>;
}

/**
 * `meshport serve` run by node itself (not the tsx launcher), so that signals reach the server.
 * Ready once /readyz answers. LOG_LEVEL warn: the request log would swamp the bench.
 */
export async function startMeshport(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  label: string;
}): Promise<MeshportServer> {
  const started = performance.now();
  const env: Record<string, string> = {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    BASE_DOMAIN,
    DATA_DIR: options.dataDir,
    WEB_DIST: path.join(options.dataDir, 'no-web-app'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    INIT_CWD: SERVER_DIR,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems: ServerLine[] = [];
  let tail = '';
  const take = (chunk: Buffer) => {
    const text = tail + chunk.toString('utf8');
    const lines = text.split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let level = 50;
      let msg = line;
      try {
        const parsed = JSON.parse(line) as { level?: number; msg?: string };
        level = parsed.level ?? 50;
        msg = parsed.msg ?? line;
      } catch {
        // not a log line: an uncaught error's text, kept as it is
      }
      if (level >= 40 && problems.length < 500) {
        problems.push({ at: Date.now(), level, msg, text: line.slice(0, 2000) });
        process.stderr.write(`  [${options.label}] ${line.slice(0, 400)}\n`);
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const base = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.label}: the server exited (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    }
    const ok = await call(base, '/readyz')
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.label}: the server did not answer /readyz within 120 s`);
    }
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  return {
    base,
    pid: child.pid as number,
    child,
    problems,
    exited,
    startedMs: started,
    readyMs,
    async stop(signal = 'SIGTERM') {
      const t0 = performance.now();
      if (child.exitCode === null && child.signalCode === null) {
        // A killed server leaves its converter, browser and esbuild helpers behind: end them too (by pid).
        const helpers = signal === 'SIGKILL' ? descendants(child.pid as number) : [];
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.kill(signal);
        await exited;
        clearTimeout(force);
        for (const pid of helpers) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      process.off('exit', killOnExit);
      return { exitCode: child.exitCode, ms: performance.now() - t0 };
    },
  };
}

/** A fresh database (dropped if there) with the demo data (`meshport seed`), on the PostgreSQL server. */
export async function freshDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'seed'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', INIT_CWD: SERVER_DIR },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`meshport seed failed (${result.status})`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function isNode(pid: number): boolean {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(argv0) === 'node' || argv0 === process.execPath;
  } catch {
    return false;
  }
}

export interface RssSeries {
  pid: number;
  role: string;
  /** [ms since the watch started, RSS MiB] */
  samples: [number, number][];
}

/**
 * RSS (VmRSS from /proc) of the server's node processes, every `everyMs`: the server itself and
 * the node processes below it (cluster workers, the converter); not Chromium or esbuild.
 */
export function watchRss(rootPid: number, everyMs = 250) {
  const t0 = performance.now();
  const series = new Map<number, RssSeries>();
  const poll = () => {
    const t = Math.round(performance.now() - t0);
    const pids = [rootPid, ...descendants(rootPid).filter(isNode)];
    for (const pid of pids) {
      const mb = rssMb(pid);
      if (mb === null) continue;
      let one = series.get(pid);
      if (!one) {
        one = { pid, role: pid === rootPid ? 'server' : 'child', samples: [] };
        series.set(pid, one);
      }
      one.samples.push([t, Math.round(mb * 10) / 10]);
    }
  };
  poll();
  const timer = setInterval(poll, everyMs);
  return {
    now: () => Math.round(performance.now() - t0),
    series: () => [...series.values()],
    stop() {
      poll();
      clearInterval(timer);
      return [...series.values()];
    },
  };
}
export type RssWatch = ReturnType<typeof watchRss>;

/** The mean RSS of a series over [from, to] (ms of the watch), or the nearest sample before. */
export function meanRss(series: RssSeries, from: number, to: number): number {
  const inside = series.samples.filter(([t]) => t >= from && t <= to).map(([, mb]) => mb);
  if (inside.length) return inside.reduce((a, b) => a + b, 0) / inside.length;
  const before = series.samples.filter(([t]) => t <= to).pop();
  return before?.[1] ?? Number.NaN;
}

export function peakRss(series: RssSeries, from: number): { mb: number; atMs: number } {
  let peak = { mb: Number.NaN, atMs: 0 };
  for (const [t, mb] of series.samples) if (t >= from && !(mb <= peak.mb)) peak = { mb, atMs: t };
  return peak;
}

export function writeResult(name: string, result: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** CPU seconds used so far by a process and every process below it (exited ones no longer count). */
function treeCpuSeconds(rootPid: number): number {
  let ticks = 0;
  for (const pid of [rootPid, ...descendants(rootPid)]) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/**
 * Waits until the server and its helpers (workers, converter, Chromium) are idle: under
 * `maxCores` of CPU over a second, for up to `timeoutMs` (a fresh server warms its preview
 * browser up for seconds, which would weigh on the first measurements). The wait, in ms.
 */
export async function waitForIdle(rootPid: number, maxCores = 0.15, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  let before = treeCpuSeconds(rootPid);
  while (performance.now() - started < timeoutMs) {
    await sleep(1000);
    const now = treeCpuSeconds(rootPid);
    if (now - before < maxCores) break;
    before = now;
  }
  return Math.round(performance.now() - started);
}

/** Per process: RSS when first seen, baseline (mean of the second before `baselineAt`), peak after it, growth. */
export function rssSummary(watch: RssWatch, baselineAt: number) {
  return watch.series().map((series) => {
    const baseline = meanRss(series, baselineAt - 1000, baselineAt);
    const peak = peakRss(series, baselineAt);
    const first = series.samples[0]?.[1] ?? Number.NaN;
    const r = (n: number) => Math.round(n * 10) / 10;
    return {
      pid: series.pid,
      role: series.role,
      readyRssMb: r(first),
      baselineMb: r(baseline),
      peakMb: r(peak.mb),
      peakAtMs: peak.atMs,
      growthMb: r(peak.mb - baseline),
      // One sample a second is enough for a chart.
      timeline: series.samples.filter((_, i) => i % 4 === 0),
    };
  });
}
