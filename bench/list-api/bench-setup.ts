import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_DIR = path.join(REPO, 'apps/server');
export const BENCH_DB = 'meshport_bench';
export const BASE_DOMAIN = 'meshport.localhost';
export const TENANT = 'gen1';
export const PASSWORD = 'meshport-demo-2026';

export const log = (line: string) => process.stdout.write(`${line}\n`);

export function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

/**
 * `meshport <args>` on the PostgreSQL server at `database` (its files in `filesDir`, if given) or,
 * given `{ dataDir }`, the embedded database.
 */
export function runCli(args: string[], database: string | { dataDir: string }, filesDir?: string): void {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const target =
    typeof database === 'string'
      ? { DATABASE_URL: database, ...(filesDir ? { DATA_DIR: filesDir } : {}) }
      : { DATA_DIR: database.dataDir };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...inherited, ...target, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`meshport ${args[0]} failed (${result.status})`);
}

/** The file benches that make or change the bench database lock (`flock`), so that only one makes it. */
export const BENCH_DB_LOCK = '/tmp/benchdb.lock';

/**
 * Holds `flock` on `file` in a child process until the returned release is called; where the
 * system has no `flock`, goes on without it (and says so).
 */
async function lockFile(file: string): Promise<() => void> {
  const child = spawn('flock', [file, 'sh', '-c', 'echo locked; cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const locked = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.stdout.once('data', () => resolve(true));
  });
  if (!locked) {
    log(`(no flock on this system: ${file} not locked)`);
    return () => {};
  }
  return () => child.stdin.end();
}

/**
 * The bench database: created, migrated, seeded and generated on the first run; kept and
 * reused afterwards (generating 1M items takes minutes). Only a database this bench made.
 * Under BENCH_DB_LOCK: a second bench started meanwhile waits and then reuses it.
 */
export async function prepareDatabase(
  adminUrl: string,
  options: { items: number; materials: number; filesDir?: string },
): Promise<string> {
  log(`Waiting for ${BENCH_DB_LOCK} (another bench may be making the bench database)…`);
  const release = await lockFile(BENCH_DB_LOCK);
  try {
    return await prepareLocked(adminUrl, options);
  } finally {
    release();
  }
}

async function prepareLocked(
  adminUrl: string,
  options: { items: number; materials: number; filesDir?: string },
): Promise<string> {
  const url = benchUrl(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount === 1;
  if (!exists) await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  let generated = 0;
  if (exists) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const found = await client
      .query(
        `select count(*)::int as n from library_items i join companies c on c.id = i.company_id where c.sub_domain = $1`,
        [TENANT],
      )
      .catch(() => ({ rows: [{ n: 0 }] }));
    generated = found.rows[0]?.n ?? 0;
    await client.end();
  }
  if (generated >= options.items) {
    log(
      `Reusing the already-generated bench database ${BENCH_DB} (${generated} library items in ${TENANT}); migrating it.`,
    );
    runCli(['migrate'], url);
    return url;
  }
  log(
    `${exists ? 'Completing' : 'Creating'} the bench database ${BENCH_DB}: migrate, demo seed, generate (a few minutes).`,
  );
  // The demo's files (previews, logos) go where the bench's server will look for them.
  runCli(['seed'], url, options.filesDir);
  runCli(
    [
      'generate',
      '--companies',
      '3',
      '--library-items',
      String(options.items),
      '--materials',
      String(options.materials),
    ],
    url,
    options.filesDir,
  );
  return url;
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

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server (`meshport serve`) as its own process, on 127.0.0.1 only: on the PostgreSQL
 * server at `databaseUrl`, or on the embedded database in `env.DATA_DIR` when it is null.
 */
export async function startServer(
  databaseUrl: string | null,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  // BENCH_SERVER_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to see where the server's time goes.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(process.stderr);
  // The server logs JSON lines on stdout: pass on its errors (level 50 and up), nothing else.
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (/"level":(5|6)\d/.test(line) || process.env.BENCH_SERVER_LOG)
        process.stderr.write(`server: ${line.slice(0, 2000)}\n`);
  });
  // Never leave the server behind, whatever ends the bench.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/v2/config`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          process.off('exit', killOnExit);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** From the call to the answer's headers (its first byte). */
  headersMs: number;
}

/** One HTTP request with a Host header of our choosing (fetch cannot set one). */
export async function httpCall(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<HttpAnswer> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const headersMs = performance.now() - started;
      // Bytes kept as they come and decoded once: a file download is not text, and decoding
      // each chunk into a growing string cost the client more than the server's answer took.
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          headersMs,
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A bearer token of the large tenant's generated admin. */
export async function signIn(url: string, host: string, username: string): Promise<string> {
  const answer = await httpCall(`${url}/v2/login`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ identity: username, password: PASSWORD, issue_token: true }),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}
