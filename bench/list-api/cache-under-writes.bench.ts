/**
 * List reads of one company while a writer adds geometry events for the same company at
 * ~20/s, as the processing pipeline does (docs/decisions/0021): hit ratio, p50/p99 and
 * req/s of the reads, with the change feed as it was (every write empties the company's
 * answers) and as it is (only answers that read the written table). "Before" is the old
 * trigger's payload (the bare company id) sent by the writer in the same transaction.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cache-writes -w bench
 *
 * Uses its own database (meshport_bench_cache: migrated, demo data), made on the first run.
 */
import http from 'node:http';
import pg from 'pg';
import { BASE_DOMAIN, httpCall, log, SERVER_DIR, startServer } from './bench-setup.ts';

const DB = 'meshport_bench_cache';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WRITES_PER_SECOND = 20;
const PATHS = [
  '/v2/projects',
  '/v2/libraries',
  '/v2/labels',
  '/v2/materials',
  '/v2/materials/categories',
  '/v2/property-maps',
  '/v2/libraries/items',
  '/v2/projects/models',
];

async function prepare(adminUrl: string): Promise<string> {
  const url = new URL(adminUrl);
  url.pathname = `/${DB}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount === 1;
  if (!exists) await admin.query(`create database ${DB}`);
  await admin.end();
  const { spawnSync } = await import('node:child_process');
  for (const command of exists ? ['migrate'] : ['seed']) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', command], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`meshport ${command} failed`);
  }
  return url.toString();
}

interface Sample {
  path: string;
  ms: number;
  hit: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** `CONNECTIONS` keep-alive clients reading the lists in turn for `SECONDS`. */
async function readLoad(url: string, headers: Record<string, string>): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const samples: Sample[] = [];
  const until = performance.now() + SECONDS * 1000;
  const one = (path: string) =>
    new Promise<Sample>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(`${url}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode}`));
          resolve({ path, ms: performance.now() - started, hit: res.headers['x-cache'] === 'hit' });
        });
      });
      req.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let n = worker; performance.now() < until; n++) samples.push(await one(PATHS[n % PATHS.length] as string));
    }),
  );
  agent.destroy();
  return samples;
}

/** Geometry events of one model at WRITES_PER_SECOND, each in its own tenant-style transaction. */
function startWriter(databaseUrl: string, companyId: number, modelId: number, oldFeed: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let running = true;
  let writes = 0;
  const done = (async () => {
    await client.connect();
    const every = 1000 / WRITES_PER_SECOND;
    let next = performance.now();
    while (running) {
      await client.query('begin');
      await client.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
      await client.query(
        `insert into geometry_events (company_id, subject_kind, subject_id, step, message, status)
         values ($1, 'project_model', $2, 'convert', $3, 'running')`,
        [companyId, modelId, `step ${writes}`],
      );
      if (oldFeed) await client.query(`select pg_notify('meshport_changes', $1)`, [String(companyId)]);
      await client.query('commit');
      writes++;
      next += every;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await client.query(`delete from geometry_events where step = 'convert' and message like 'step %'`);
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return writes;
    },
  };
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (the bench makes its own database).');
  const databaseUrl = await prepare(adminUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const company = await db.query<{ id: number }>(`select id from companies where sub_domain = 'acme'`);
  const companyId = company.rows[0]?.id ?? 0;
  const model = await db.query<{ id: number }>('select id from project_models where company_id = $1 limit 1', [
    companyId,
  ]);
  await db.end();
  const modelId = model.rows[0]?.id ?? 0;
  const server = await startServer(databaseUrl);
  try {
    const host = `hatch-acme.${BASE_DOMAIN}`;
    const login = await httpCall(`${server.url}/v2/login`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ identity: 'admin', password: 'meshport-demo-2026', issue_token: true }),
    });
    const token = (JSON.parse(login.text) as { access_token: string }).access_token;
    const headers = { host, authorization: `Bearer ${token}`, accept: 'application/json' };
    log(`${CONNECTIONS} connections reading ${PATHS.length} lists for ${SECONDS} s each run.`);
    log('run                           writes/s  reads/s  hit ratio  p50 ms  p99 ms');
    for (const [name, writer] of [
      ['no writes', null],
      ['company-wide (before)', true],
      ['per table (after)', false],
    ] as const) {
      await readLoad(server.url, headers);
      const writing = writer === null ? null : startWriter(databaseUrl, companyId, modelId, writer);
      const started = performance.now();
      const samples = await readLoad(server.url, headers);
      const elapsed = (performance.now() - started) / 1000;
      const writes = (await writing?.stop()) ?? 0;
      const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
      const hits = samples.filter((s) => s.hit).length;
      log(
        `${name.padEnd(30)}${(writes / elapsed).toFixed(1).padStart(8)}${(samples.length / elapsed).toFixed(0).padStart(9)}` +
          `${`${((100 * hits) / samples.length).toFixed(1)} %`.padStart(11)}` +
          `${percentile(sorted, 50).toFixed(2).padStart(8)}${percentile(sorted, 99).toFixed(2).padStart(8)}`,
      );
      const ratios = PATHS.map((path) => {
        const of = samples.filter((s) => s.path === path);
        return `${path} ${((100 * of.filter((s) => s.hit).length) / Math.max(1, of.length)).toFixed(0)} %`;
      });
      log(`  hits by list: ${ratios.join(', ')}`);
    }
  } finally {
    await server.stop();
  }
}

await main();
