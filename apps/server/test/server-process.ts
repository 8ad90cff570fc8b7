import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `meshport <command>` as a user runs it, in node itself (not the tsx launcher), so that
 * signals reach the server and a kill leaves no process behind.
 */
export function startServerProcess(
  command: string,
  env: Record<string, string>,
  options: { preload?: string[] } = {},
): ServerProcess {
  // Modules to load first, after tsx, as arguments: in NODE_OPTIONS, Node would also load them in
  // the thread that runs tsx's loader hooks, before tsx can read TypeScript there.
  const preload = (options.preload ?? []).flatMap((file) => ['--import', file]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/main.ts', command], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, INIT_CWD: SERVER_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves once the server says it is ready; fails fast, with its output, when it stops first. */
export async function serverReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!server.output().includes('Meshport is ready')) {
    if (Date.now() > until || server.child.exitCode !== null) {
      throw new Error(`the server did not start:\n${server.output().slice(-3_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The environment of a server on a free 127.0.0.1 port with its own data folder. */
export async function serverEnv(dataDir: string): Promise<{ env: Record<string, string>; base: string }> {
  const port = await freePort();
  return {
    base: `http://127.0.0.1:${port}`,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: 'meshport.test',
      WEB_DIST: path.join(dataDir, 'none'),
      // The demo users and records, without the demo's 3D made at the first start.
      DEMO_MODELS: '0',
    },
  };
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** One statement on the PostgreSQL server (create or drop a test database). */
export async function psql(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}
