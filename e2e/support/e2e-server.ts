import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The compiled server, as `npm start` runs it; the global set-up builds it (ensureServerBuild). */
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
export const BASE_DOMAIN = 'meshport.localhost';
const READY_LINE = 'Meshport is ready';
const DEMO_READY_LINE = 'Demo ready';
const STOP_GRACE_MS = 10_000;

/** What specs need to reach a running server (handed from the global set-up by provide/inject). */
export interface ServerInfo {
  port: number;
  dataDir: string;
  /** The run's private copy of apps/web/dist (others may rebuild the real one meanwhile). */
  webDist: string;
}

export interface RunningServer {
  port: number;
  dataDir: string;
  /** Output so far (JSON log lines), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

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

/** Environment of a server process: the caller's, minus settings that would point it elsewhere. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SESSION_IDLE_MINUTES', 'SEED_DEMO', 'WEB_DIST', 'INIT_CWD']) {
    delete env[name];
  }
  // The specs run browsers in parallel at full load: conversions there yield less than the
  // product's default (19), so that they end within the specs' waits.
  return { ...env, BASE_DOMAIN, HOST: '127.0.0.1', LOG_LEVEL: 'info', BACKGROUND_NICENESS: '10', ...extra };
}

interface Spawned {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function spawnMeshport(command: 'serve' | 'seed', env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [SERVER_MAIN, command], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

function tail(text: string, lines = 30): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Runs a one-shot command (`seed`) and resolves when it exited with 0. */
export async function runMeshportCommand(command: 'seed', extraEnv: Record<string, string>): Promise<void> {
  const run = spawnMeshport(command, serverEnv(extraEnv));
  const code = await run.exited;
  if (code !== 0) throw new Error(`meshport ${command} exited with ${code}:\n${tail(run.output())}`);
}

async function stopChild(spawned: Spawned): Promise<void> {
  const { child } = spawned;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, STOP_GRACE_MS);
  });
  await Promise.race([spawned.exited, killed]);
  clearTimeout(timer);
  await spawned.exited;
}

export interface StartOptions {
  /** Extra environment (SESSION_IDLE_MINUTES, DATABASE_URL, …). */
  env?: Record<string, string>;
  /** Label of the temp folder. */
  label?: string;
  /** The built web app to serve (WEB_DIST); the run's snapshot from `inject('e2eServer').webDist`. */
  webDist: string;
  readyTimeoutMs?: number;
  /**
   * Make the demo's 3D content at the first start (DEMO_MODELS) and resolve once it is processed; off by
   * default: a spec's own server needs the demo users and records, not 30 conversions beside the suite.
   */
  demoModels?: boolean;
}

/**
 * Starts the real server as a user does (`node apps/server/dist/main.js serve`) on a free port with
 * a fresh temp DATA_DIR, and resolves once it logged that it is ready. `stop()` sends SIGTERM,
 * SIGKILL after 10 s, and removes the folder.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `meshport-e2e-${options.label ?? 'server'}-`));
  const port = await freePort();
  const spawned = spawnMeshport(
    'serve',
    serverEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST: options.webDist,
      DEMO_MODELS: options.demoModels ? '1' : '0',
      ...options.env,
    }),
  );
  const stop = async () => {
    await stopChild(spawned);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForLine(spawned, READY_LINE, options.readyTimeoutMs ?? 300_000);
    if (options.demoModels) await waitForLine(spawned, DEMO_READY_LINE, options.readyTimeoutMs ?? 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dataDir, output: spawned.output, stop };
}

async function waitForLine(spawned: Spawned, line: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!spawned.output().includes(line)) {
    if (spawned.child.exitCode !== null) {
      throw new Error(
        `the server exited with ${spawned.child.exitCode} before it said "${line}":\n${tail(spawned.output())}`,
      );
    }
    if (Date.now() > until) {
      throw new Error(`the server did not say "${line}" within ${timeoutMs} ms:\n${tail(spawned.output())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** http://{host}.meshport.localhost:{port}{path} */
export function hostUrl(port: number, host: string, pathname = '/'): string {
  return `http://${host}.${BASE_DOMAIN}:${port}${pathname}`;
}
