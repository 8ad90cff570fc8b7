/**
 * A busy company, and two smaller ones, on the real server, with a mix generated from the
 * contract (issue 28): for each person (different abilities, both platforms), every list's cross
 * product of its declared sorts both ways, filters with values from the data, searches from a
 * word list taken from the data, the bin and pages from the first to the last, and every record
 * read. The bench cannot choose: it draws a uniform sample per call and person, times each
 * drawn read alone and uncached (the 20 slowest again, and p99 against 50 ms), then sends the
 * same reads equally often under load, with about 2 % writes (content saves, bulk actions) and
 * uploads being processed by the pipeline throughout. Prints req/s, p50/p95/p99, the cache-hit
 * share and errors beside the same statements replayed as bare SQL through the same driver; each
 * call's share of the database time; the issue's targets. Writes bench/results/mixed-<database>.json.
 *
 *   npm run bench:mixed -w bench [-- --db postgres,embedded --duration 30 --warm-up 5
 *                                   --connections 50,200 --embedded-connections 20
 *                                   --phases alone --alone-sample 1500 --seed 20261127]
 *
 * PostgreSQL: the database meshport_bench beside BENCH_DATABASE_URL / TEST_DATABASE_URL /
 * postgres://postgres@127.0.0.1:5432/postgres (made once with the 1M-item tenant, then kept).
 * Embedded: a data folder in the system's temporary folder, generated once and kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BASE_DOMAIN,
  log,
  prepareDatabase,
  REPO,
  type RunningServer,
  runCli,
  startServer,
} from '../list-api/bench-setup.ts';
import { captureRequests, type RequestToCapture, replayMix, type Statement } from '../list-api/sql-replay.ts';
import type { Figures } from '../list-api/stats.ts';
import { startBackgroundProcessing } from './background-uploads.ts';
import { captureEmbedded, type EmbeddedStatement, replayEmbedded } from './embedded-sql.ts';
import { readCalls } from './endpoint-catalog.ts';
import { type MixRequest, sampleProducts, sessionProduct, timeAlone } from './mix-reads.ts';
import { type Session, sessionHeaders, sessionPlans, signInAll } from './mix-sessions.ts';
import { type WriteMaker, writeMakers } from './mix-writes.ts';
import { type LoadFigures, makeSchedule, runLoad } from './mixed-load.ts';
import { formatMs, printCalls, printLoadTable, printTargets } from './mixed-report.ts';
import { aloneReport, perCallReport, SINGLE_LIMIT_MS, targetsFor } from './mixed-targets.ts';
import { settleBeforePhase } from './quiet-machine.ts';
import { loadAtReadyAndLater } from './ready-load.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,embedded' },
    duration: { type: 'string', default: '30' },
    'warm-up': { type: 'string', default: '5' },
    connections: { type: 'string', default: '50,200' },
    'embedded-connections': { type: 'string', default: '20' },
    items: { type: 'string', default: '1000000' },
    'embedded-items': { type: 'string', default: '100000' },
    // For finding where time goes; the figures against the targets are with both.
    'without-processing': { type: 'boolean', default: false },
    'without-writes': { type: 'boolean', default: false },
    // While changing the server: no bare-SQL replay.
    'skip-sql': { type: 'boolean', default: false },
    // The generated reads are always timed alone and uncached (a minute or two); `load` adds the
    // bare-SQL replay and the load at each connection count, `ready` the load at /readyz's first 200
    // and a minute later (PostgreSQL).
    phases: { type: 'string', default: 'alone,load,ready' },
    'alone-sample': { type: 'string', default: '1500' },
    seed: { type: 'string', default: '20261127' },
  },
});
const SECONDS = Math.max(1, Number(values.duration));
const WARM_UP = Math.max(0, Number(values['warm-up']));
const WRITE_EVERY = values['without-writes'] ? Number.POSITIVE_INFINITY : 50; // 2 % of the requests
const PHASES = new Set((values.phases ?? '').split(','));
const ALONE_SAMPLE = Math.max(1, Number(values['alone-sample']));
const SEED = Number(values.seed) || 1;
const SLOWEST = 20;
const LARGE = 'gen1';
const SMALL = ['gen2', 'gen3'];
const numbers = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((n) => n > 0);

type Target_ = { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };

/** Settles the target's database before a phase (the embedded one is settled by its own server's start). */
const settleTarget = (target: Target_) => settleBeforePhase(target.kind === 'postgres' ? target.url : null);

type SqlRuns = Map<number, { figures: Figures; msByKey: Map<string, { ms: number; count: number }> }>;

const requestKey = (request: MixRequest) =>
  request.write ? `${request.session.label} ${request.call}` : `${request.session.label} ${request.url}`;

/** The embedded database's data folder, generated once (a few minutes) and kept. */
function prepareEmbedded(items: number): string {
  const dataDir = path.join(os.tmpdir(), `meshport-bench-mixed-embedded-${items}`);
  const marker = path.join(dataDir, 'bench-generated');
  if (fs.existsSync(marker)) {
    log(`Reusing the embedded bench database in ${dataDir}; migrating it.`);
    runCli(['migrate'], { dataDir });
    return dataDir;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  log(`Creating the embedded bench database in ${dataDir}: demo seed, generate ${items} items (a few minutes).`);
  runCli(['seed'], { dataDir });
  runCli(['generate', '--companies', '3', '--library-items', String(items), '--materials', String(items / 10)], {
    dataDir,
  });
  fs.writeFileSync(marker, new Date().toISOString());
  return dataDir;
}

/** The PostgreSQL run's files (uploads, converted models), kept beside the bench database. */
const POSTGRES_FILES = path.join(os.tmpdir(), 'meshport-bench-mixed-files');

const serverFor = (target: Target_): Promise<RunningServer> =>
  target.kind === 'postgres'
    ? startServer(target.url, { DATA_DIR: POSTGRES_FILES })
    : startServer(null, { DATA_DIR: target.dataDir, WEB_DIST: path.join(target.dataDir, 'no-web') });

async function benchOne(target: Target_, connectionCounts: number[]) {
  let server = await serverFor(target);
  const sessions = await signInAll(server.url, sessionPlans({ large: LARGE, small: SMALL }), BASE_DOMAIN);
  const calls = readCalls();
  log(`${calls.length} read calls in the contract; ${sessions.length} people signed in. Generating the mix…`);
  const products = [];
  const writers: { name: string; session: Session; make: WriteMaker }[] = [];
  const leftOut: Record<string, { call: string; reason: string }[]> = {};
  let projectId: number | null = null;
  for (const session of sessions) {
    const found = await sessionProduct(server.url, session, calls);
    products.push(found);
    leftOut[session.label] = found.leftOut;
    writers.push(...writeMakers(session, found.rows).map((w) => ({ ...w, session })));
    if (session.tenant === LARGE && session.platform === 'hatch' && session.role.startsWith('editor')) {
      projectId ??= Number(found.rows.get('/projects')?.[0]?.id);
    }
    const distinct = found.products.reduce((n, p) => n + p.product.size, 0);
    log(`  ${session.label} (${session.role}): ${distinct} distinct reads over ${found.products.length} calls`);
  }
  const crossProduct = products.reduce((n, p) => n + p.products.reduce((m, c) => m + c.product.size, 0), 0);
  const sampled = sampleProducts(products, ALONE_SAMPLE, SEED);
  const settled = await settleTarget(target);
  log(
    `${crossProduct} distinct reads in the contract's cross product; ${sampled.length} drawn uniformly per call and person (--alone-sample ${ALONE_SAMPLE}, --seed ${SEED}); ${writers.length} writers. The machine quiet after ${formatMs(settled)}; timing each read alone and uncached…`,
  );
  const aloneStarted = performance.now();
  const { timed: reads, refused } = await timeAlone(server.url, sampled);
  log(`  ${reads.length} answered 200 in ${formatMs(performance.now() - aloneStarted)}; ${refused.length} not 200.`);
  for (const r of refused.slice(0, 10)) log(`    ${r.status} ${r.url} (${r.session}, ${r.call})`);
  const readCallsCovered = new Set(reads.map((r) => r.call));
  const neverRead = calls.filter((c) => !readCallsCovered.has(c.name)).map((c) => c.name);
  if (neverRead.length) log(`  not in the mix (nobody is answered 200): ${neverRead.join(', ')}`);
  const alone = aloneReport(reads, LARGE);
  log(`\nThe ${SLOWEST} slowest reads alone and uncached (first time; again, once more, uncached):`);
  for (const request of alone.slowest.slice(0, SLOWEST)) {
    const again = await timeAlone(server.url, [request, request]);
    const times = again.timed.map((r) => formatMs(r.singleMs ?? Number.NaN)).join(', ');
    log(`  ${formatMs(request.singleMs ?? 0).padStart(9)}  (${times})  ${request.url}  [${request.session.label}]`);
  }
  log(
    `Alone and uncached: ${reads.length} reads, p50 ${formatMs(alone.p50)}, p99 ${formatMs(alone.p99)}; at ${LARGE}: p99 ${formatMs(alone.largeP99)} → ${alone.largeP99 <= SINGLE_LIMIT_MS ? 'met' : 'not met'} (p99 at ${LARGE} ≤ ${SINGLE_LIMIT_MS} ms)`,
  );
  if (!PHASES.has('load')) {
    await server.stop();
    const perCall = perCallReport(reads, new Map(), requestKey, LARGE);
    return { target, reads, writers, leftOut, neverRead, crossProduct, alone, sqlRuns: new Map(), loads: [], perCall };
  }

  // The bare SQL of every distinct request, from the server's own code in this process.
  const writeSamples = writers.map((w) => w.make(0));
  const toCapture: RequestToCapture[] = [...reads, ...writeSamples].map((r) => ({
    key: requestKey(r),
    method: r.method,
    url: r.url,
    headers: sessionHeaders(r.session, r.body ? { 'content-type': 'application/json' } : {}),
    ...(r.body === undefined ? {} : { body: r.body }),
  }));
  log(`Capturing the SQL of ${toCapture.length} requests…`);
  if (target.kind === 'embedded') await server.stop();
  const capture = values['skip-sql']
    ? Object.assign(new Map<string, { statements: Statement[] }>(), { failed: [] as string[] })
    : target.kind === 'postgres'
      ? await captureRequests(target.url, toCapture, POSTGRES_FILES)
      : await captureEmbedded(target.dataDir, toCapture);
  const captured = new Map<string, Statement[] | EmbeddedStatement[]>(
    [...capture].map(([key, c]) => [key, Array.isArray(c) ? c : c.statements]),
  );
  if (capture.failed.length)
    log(`  not captured (answered otherwise in this process): ${capture.failed.slice(0, 5).join('; ')}`);
  const sqlRuns: SqlRuns = new Map();
  for (const connections of values['skip-sql'] ? [] : connectionCounts) {
    const next = makeSchedule(
      reads,
      writers.map((w) => w.make),
      WRITE_EVERY,
    );
    const nextStatements = () => {
      const request = next();
      const key = request.write ? `${request.session.label} ${request.call}` : requestKey(request);
      return { key, statements: (captured.get(key) ?? []) as EmbeddedStatement[] };
    };
    await settleTarget(target);
    const run =
      target.kind === 'postgres'
        ? await replayMix(target.url, nextStatements, connections, SECONDS, 20)
        : await replayEmbedded(target.dataDir, nextStatements, connections, SECONDS);
    sqlRuns.set(connections, run);
    log(`  bare SQL at ${connections} connections: ${run.figures.rps} req/s, p99 ${formatMs(run.figures.p99)}`);
  }
  if (target.kind === 'embedded') server = await serverFor(target);

  // The load, with the pipeline processing uploads all through it.
  await settleTarget(target);
  const uploader = sessions.find((s) => s.tenant === LARGE && s.platform === 'hatch' && s.role.startsWith('editor'));
  if (!uploader || !projectId) throw new Error('no editor with a project in the large tenant');
  const processing = values['without-processing']
    ? {
        stop: async () => ({
          uploaded: 0,
          runsFinished: 0,
          runsFailed: 0,
          problems: ['not started (--without-processing)'],
        }),
      }
    : await startBackgroundProcessing(server.url, uploader, projectId);
  const loads: LoadFigures[] = [];
  for (const connections of connectionCounts) {
    const next = makeSchedule(
      reads,
      writers.map((w) => w.make),
      WRITE_EVERY,
    );
    const load = await runLoad({ base: server.url, next, connections, seconds: SECONDS, warmUpSeconds: WARM_UP });
    loads.push(load);
    log(
      `  served at ${connections} connections: ${load.all.rps} req/s, p99 ${formatMs(load.all.p99)}, ${load.all.errors} errors, ${load.distinctSent} distinct requests`,
    );
  }
  const pipeline = await processing.stop();
  await server.stop();

  // Per call: alone and uncached, and its share of the replay's database time.
  const first = sqlRuns.get(connectionCounts[0] as number);
  const perCall = perCallReport([...reads, ...writeSamples], first?.msByKey ?? new Map(), requestKey, LARGE);
  return { target, reads, writers, leftOut, neverRead, crossProduct, alone, sqlRuns, loads, pipeline, perCall };
}

async function main(): Promise<void> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kinds = (values.db ?? '').split(',');
  fs.mkdirSync(path.join(REPO, 'bench/results'), { recursive: true });
  for (const kind of kinds) {
    const target: Target_ =
      kind === 'postgres'
        ? {
            kind,
            url: await prepareDatabase(adminUrl, {
              items: Number(values.items),
              materials: Number(values.items) / 10,
              filesDir: POSTGRES_FILES,
            }),
          }
        : { kind: 'embedded', dataDir: prepareEmbedded(Number(values['embedded-items'])) };
    const counts = numbers(kind === 'postgres' ? (values.connections ?? '') : (values['embedded-connections'] ?? ''));
    log(
      `\n== ${kind === 'postgres' ? 'PostgreSQL server' : 'embedded database'}: ${SECONDS} s per run after ${WARM_UP} s warm-up, ${os.cpus().length} cores`,
    );
    const result = await benchOne(target, counts);
    // Ready means ready (issue 28 item 3): fresh servers loaded at /readyz's first 200 and a minute later.
    const ready =
      kind === 'postgres' && counts[0] && PHASES.has('ready')
        ? await loadAtReadyAndLater({
            start: () => serverFor(target),
            settle: () => settleTarget(target),
            reads: result.reads,
            writers: result.writers.map((w) => w.make),
            writeEvery: WRITE_EVERY,
            connections: counts[0],
            seconds: SECONDS,
            log,
          })
        : null;
    if (result.pipeline) {
      log(
        `\nGenerated mix under load (${result.reads.length} distinct reads drawn from ${result.crossProduct}, each equally often; a write every ${WRITE_EVERY} requests, uploads processing):`,
      );
      printLoadTable(
        log,
        counts.map((c) => ({
          load: result.loads.find((l) => l.connections === c) as LoadFigures,
          sql: result.sqlRuns.get(c)?.figures ?? null,
        })),
      );
      log(
        `Pipeline during the load: ${result.pipeline.runsFinished} runs finished, ${result.pipeline.runsFailed} failed${result.pipeline.problems.length ? `; ${result.pipeline.problems.slice(0, 3).join('; ')}` : ''}.`,
      );
    }
    log(
      `\nPer call (alone: uncached, one at a time, at ${LARGE}, files to their first byte; DB share: of the bare-SQL replay at ${counts[0]} connections):`,
    );
    printCalls(log, result.perCall, SINGLE_LIMIT_MS);
    log('\nTargets:');
    const targets = targetsFor({
      kind: result.target.kind,
      loads: result.loads,
      bareSql: new Map([...result.sqlRuns].map(([c, run]) => [c, run.figures])),
      perCall: result.perCall,
      alone: result.alone,
      large: LARGE,
      ready,
    });
    printTargets(log, targets);
    const file = path.join(REPO, `bench/results/mixed-${kind}.json`);
    fs.writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: kind,
          cores: os.cpus().length,
          seconds: SECONDS,
          crossProduct: result.crossProduct,
          distinctReads: result.reads.length,
          alone: {
            ...result.alone,
            slowest: result.alone.slowest.map((r) => ({ url: r.url, session: r.session.label, ms: r.singleMs })),
          },
          writers: result.writers.map((w) => `${w.name} (${w.session.label})`),
          notInMix: result.neverRead,
          leftOutPerSession: result.leftOut,
          loads: result.loads,
          bareSql: Object.fromEntries([...result.sqlRuns].map(([c, r]) => [c, r.figures])),
          pipeline: result.pipeline ?? null,
          ready,
          perCall: result.perCall,
          targets,
        },
        null,
        2,
      )}\n`,
    );
    log(`Wrote ${path.relative(REPO, file)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
