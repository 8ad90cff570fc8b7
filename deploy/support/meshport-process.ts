/**
 * Meshport processes as an operator runs them: the compiled server (`apps/server/dist/main.js`),
 * each on a free port, stopped (or killed) by the test that started it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
/** MESHPORT_FROM_SOURCE=1 runs the TypeScript sources instead (while working on the server, without a build). */
const FROM_SOURCE = process.env.MESHPORT_FROM_SOURCE === '1';
const COMMAND = FROM_SOURCE ? ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')] : [SERVER_MAIN];
export const BASE_DOMAIN = 'meshport.localhost';
const STOP_GRACE_MS = 10_000;

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

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `meshport-${label}-`));
}

export interface MeshportProcess {
  child: ChildProcess;
  /** Output so far (JSON log lines on stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  stop(): Promise<void>;
  /** SIGKILL now, as a crash would; resolves once the process is gone. */
  kill(): Promise<void>;
}

/** Environment of a server process: the caller's, minus settings that would point it elsewhere. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SEED_DEMO', 'WEB_DIST', 'INIT_CWD', 'PORT', 'WORKERS']) {
    delete env[name];
  }
  return { ...env, BASE_DOMAIN, HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_MODELS: 'false', ...extra };
}

/** `node apps/server/dist/main.js <args…>` with `env` added to the test's environment. */
export function startMeshport(args: string[], env: Record<string, string>): MeshportProcess {
  const child = spawn(process.execPath, [...COMMAND, ...args], {
    cwd: REPO_ROOT,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs a one-shot command (`migrate`, `seed`, `backup …`) to its end; throws with its output when it fails. */
export async function runMeshport(args: string[], env: Record<string, string>): Promise<string> {
  const run = startMeshport(args, env);
  const code = await run.exited;
  if (code !== 0) throw new Error(`meshport ${args.join(' ')} exited with ${code}:\n${tail(run.output())}`);
  return run.output();
}

/** Resolves once `http://127.0.0.1:port/readyz` answers 200; fails if the process exits first. */
export async function waitForReady(process: MeshportProcess, port: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${tail(process.output())}`);
    }
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${tail(process.output())}`);
}

export function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
