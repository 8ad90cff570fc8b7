import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, SERVER_DIR } from '../list-api/bench-setup.ts';

export const BASE_DOMAIN = 'meshport.localhost';

export interface PgliteServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server (`meshport serve`) on the embedded database, in its own process on
 * 127.0.0.1, with a fresh data folder that it fills with the demo data on start; `stop` ends
 * the process and removes the folder.
 */
export async function startPgliteServer(env: Record<string, string>): Promise<PgliteServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-pglite-'));
  const port = await freePort();
  const { DATABASE_URL: _ignored, WORKERS: _alsoIgnored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DEMO_MODELS: '0',
      WORKERS: '1',
      WEB_DIST: path.join(dataDir, 'no-web'),
      NODE_ENV: 'production',
      INIT_CWD: SERVER_DIR,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.pipe(process.stderr);
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // Never leave the server behind, whatever ends the bench.
  const killOnExit = () => {
    child.kill('SIGKILL');
    removeDir();
  };
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    removeDir();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${url}/v2/config`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}
