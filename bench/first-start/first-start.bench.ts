/**
 * Issue 27, item 3: a new user's first start. Runs `npm start` (web build, then the server on the embedded
 * database with the demo seed) on a fresh data folder with the install as it is (warm), and prints:
 * the time to the sign-in page (GET /login answers the app's HTML), the time until the console says the
 * demo is processed ("Demo ready", target ≤ 90 s), the demo's progress lines as they came, and the memory
 * of the server process (peak and at rest after the demo; its converter and preview children separately).
 *
 *   npm run bench:first-start -w bench [-- --keep]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BASE_DOMAIN, log, REPO } from '../list-api/bench-setup.ts';
import { descendants, watchMemory } from '../pipeline/proc-memory.ts';

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const TARGET_DEMO_S = 90;
const TIMEOUT_MS = 10 * 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function loginStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/login', headers: { host: `hatch-acme.${BASE_DOMAIN}`, accept: 'text/html' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve(response.statusCode === 200 && body.includes('<div id="root"') ? 200 : 0));
      },
    );
    request.on('error', () => resolve(0));
    request.setTimeout(2_000, () => request.destroy());
  });
}

/**
 * The server process under `npm start`: npm's shell runs `node dist/main.js`; the deepest process whose
 * command names main.js (or main.ts, for a server started from its sources by tsx's CLI) is the server.
 */
function serverPid(root: number): number | null {
  const running = descendants(root).filter((pid) => {
    try {
      return /main\.[jt]s\0/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
  const parents = new Set(running.map((pid) => parentPid(pid)));
  return running.find((pid) => !parents.has(pid)) ?? null;
}

function parentPid(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

const rssMb = (pid: number) => {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-first-start-'));
  const port = await freePort();
  log(
    `npm start on a fresh data folder (${dataDir}), port ${port}; load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_DOMAIN },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: { at: number; text: string }[] = [];
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    let end = output.indexOf('\n');
    while (end >= 0) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line;
      lines.push({ at: performance.now() - started, text: message });
      end = output.indexOf('\n');
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const server = () => (child.pid ? serverPid(child.pid) : null);
  const memory = watchMemory(() => {
    const pid = server();
    return pid ? [pid] : [];
  }, 250);
  const children = watchMemory(() => {
    const pid = server();
    return pid ? descendants(pid) : [];
  }, 250);
  let loginAt: number | null = null;
  let demoAt: number | null = null;
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (child.exitCode !== null)
        throw new Error(
          `npm start exited with ${child.exitCode}:\n${lines
            .slice(-20)
            .map((l) => l.text)
            .join('\n')}`,
        );
      if (loginAt === null && (await loginStatus(port)) === 200) loginAt = performance.now() - started;
      demoAt ??= lines.find((line) => line.text.startsWith('Demo ready'))?.at ?? null;
      if (loginAt !== null && demoAt !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const pid = server();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const atRest = pid ? rssMb(pid) : 0;
    const peak = memory.stop().peakMb;
    const childPeak = children.stop().peakMb;
    log('\nWhat the console said (seconds from npm start):');
    for (const line of lines.filter((l) => /ready|Demo|build|built/i.test(l.text))) {
      log(`  ${(line.at / 1000).toFixed(1).padStart(6)} s  ${line.text.slice(0, 140)}`);
    }
    log('\nFirst start:');
    log(`  sign-in page answers:       ${loginAt === null ? 'never' : `${(loginAt / 1000).toFixed(1)} s`}`);
    log(
      `  every demo record processed: ${demoAt === null ? 'not within the time limit' : `${(demoAt / 1000).toFixed(1)} s (target ≤ ${TARGET_DEMO_S} s: ${demoAt / 1000 <= TARGET_DEMO_S ? 'met' : 'MISSED'})`}`,
    );
    log(`  server process memory:       peak ${peak.toFixed(0)} MiB, at rest after the demo ${atRest.toFixed(0)} MiB`);
    log(`  its children (converter, preview browser): peak ${childPeak.toFixed(0)} MiB together`);
    log(
      `  load after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // stopped
      }
    }
    if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
