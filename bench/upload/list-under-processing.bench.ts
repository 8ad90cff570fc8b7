/**
 * List reads of company acme on the real server (`meshport serve` on PostgreSQL, its default
 * worker processes), with a project description written every second among them: phase A with
 * nothing processing, phase B while four uploaded models are processed, each re-queued
 * (`POST …/reprocess`) as soon as it is FINISHED so that the pipeline runs all through B.
 * Figures side by side: p50/p95/p99, req/s, x-cache hit ratio; and the runs finished during B.
 * Writes bench/results/list-under-processing.json.
 *
 *   npm run bench:list-processing -w bench [-- --seconds 10 --connections 16 --triangles 300000]
 *
 * Admin URL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
 * the bench's own database meshport_bench_upload is dropped, made again (demo data) and dropped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateHeavyObj } from '../pipeline/generate-heavy-obj.ts';
import {
  call,
  DEFAULT_ADMIN_URL,
  freePort,
  freshDatabase,
  log,
  peakRss,
  signIn,
  sleep,
  startMeshport,
  waitForIdle,
  watchRss,
  writeResult,
} from './meshport-process.ts';
import { type ReadFigures, readLoad } from './read-load.ts';
import { uploadFile } from './tus-stream.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    triangles: { type: 'string', default: '300000' },
    models: { type: 'string', default: '4' },
    'writes-per-second': { type: 'string', default: '1' },
  },
});
const SECONDS = Math.min(120, Math.max(1, Number(values.seconds)));
const WARM_UP = Math.max(0, Number(values['warm-up']));
const CONNECTIONS = Math.min(256, Math.max(1, Number(values.connections)));
const MODELS = Math.max(1, Number(values.models));
const DB_NAME = 'meshport_bench_upload';
const WRITES_PER_SECOND = Math.max(0, Number(values['writes-per-second']));

/** Distinct list calls of acme: five lists with varying page size, page, sort and search. */
function candidatePaths(): string[] {
  const paths: string[] = [];
  const lists: [string, string[], string[]][] = [
    ['/v2/projects', ['name', '-updated_at', 'id', 'created_at'], ['kitchen', 'a']],
    ['/v2/libraries', ['name', '-updated_at', 'id'], ['kitchen', 'oak']],
    ['/v2/libraries/items', ['name', '-updated_at', 'id', 'status'], ['cabinet', 'oak']],
    ['/v2/materials', ['name', '-updated_at', 'status'], ['oak', 'matte']],
    ['/v2/projects/models', ['name', '-updated_at', 'id', 'status'], ['model', 'a']],
  ];
  for (const [list, sorts, terms] of lists) {
    for (const [i, sort] of sorts.entries()) {
      for (const page of [1, 2]) paths.push(`${list}?per_page=${[10, 25, 50][i % 3]}&page=${page}&sort=${sort}`);
    }
    for (const term of terms) paths.push(`${list}?filter[search]=${encodeURIComponent(term)}`);
    paths.push(list);
  }
  return paths;
}

interface ModelState {
  id: number;
  status: string;
  queuedAt: number;
}

/**
 * Watches the models (every 500 ms) and re-queues each one that is FINISHED; counts the runs
 * that finished, with how long each took from being queued to FINISHED as seen by the poll.
 */
function startRequeuer(base: string, token: string, models: ModelState[]) {
  const finished: { id: number; at: number; ms: number }[] = [];
  const failed: { id: number; at: number; detail: string }[] = [];
  const problems: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const model of models) {
        if (!running) break;
        const answer = await call(base, `/v2/projects/models/${model.id}`, { token });
        if (answer.status !== 200) {
          problems.push(`GET model ${model.id}: ${answer.status}`);
          continue;
        }
        const status = (JSON.parse(answer.text) as { data: { status: string } }).data.status;
        if (status === model.status) continue;
        model.status = status;
        const now = performance.now();
        if (status === 'FAILED') {
          const events = await call(base, `/v2/projects/models/${model.id}/geometry-events`, { token });
          failed.push({ id: model.id, at: now, detail: events.text.slice(-600) });
        }
        if (status !== 'FINISHED') continue;
        finished.push({ id: model.id, at: now, ms: now - model.queuedAt });
        if (!running) break;
        const again = await call(base, `/v2/projects/models/${model.id}/reprocess`, { method: 'POST', token });
        if (again.status !== 200) problems.push(`reprocess ${model.id}: ${again.status} ${again.text.slice(0, 200)}`);
        else {
          model.queuedAt = performance.now();
          model.status = 'QUEUED';
        }
      }
      await sleep(500);
    }
  })();
  return {
    finished,
    failed,
    problems,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** A project description changed every second, as a person editing among the readers. */
function startWriter(base: string, token: string, projectId: number) {
  const latencies: number[] = [];
  const problems: string[] = [];
  let running = true;
  const loop = (async () => {
    for (let n = 0; running && WRITES_PER_SECOND > 0; n++) {
      const started = performance.now();
      const answer = await call(base, `/v2/projects/${projectId}`, {
        method: 'PATCH',
        token,
        json: { description: `Bench edit ${n} at ${new Date().toISOString()}` },
      });
      latencies.push(performance.now() - started);
      if (answer.status !== 200) problems.push(`PATCH project: ${answer.status} ${answer.text.slice(0, 200)}`);
      await sleep(Math.max(0, 1000 / WRITES_PER_SECOND - (performance.now() - started)));
    }
  })();
  return {
    latencies,
    problems,
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function main(): Promise<void> {
  const loadStart = os.loadavg();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const heavy = generateHeavyObj(
    Number(values.triangles),
    path.join(os.tmpdir(), 'meshport-bench-pipeline', `torus-${values.triangles}.obj`),
  );
  log(`Model: ${heavy.triangles} triangles, ${(heavy.bytes / 1e6).toFixed(1)} MB OBJ (${heavy.file}).`);
  const database = await freshDatabase(adminUrl, DB_NAME);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-listproc-'));
  const server = await startMeshport({
    port: await freePort(),
    dataDir,
    databaseUrl: database.url,
    env: { SEED_DEMO: '1', DEMO_MODELS: '0' },
    label: 'server',
  });
  const watch = watchRss(server.pid, 500);
  try {
    const settleMs = await waitForIdle(server.pid);
    log(
      `Server ready in ${(server.readyMs / 1000).toFixed(1)} s, idle ${(settleMs / 1000).toFixed(1)} s later; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}.`,
    );
    const token = await signIn(server.base, 'editor');
    const projects = await call(server.base, '/v2/projects?per_page=1&sort=id', { token });
    const projectId = (JSON.parse(projects.text) as { data: { id: number }[] }).data[0]?.id;
    if (!projectId) throw new Error(`no project in acme: ${projects.status} ${projects.text.slice(0, 200)}`);
    const paths: string[] = [];
    for (const candidate of candidatePaths()) {
      const answer = await call(server.base, candidate, { token });
      if (answer.status === 200) paths.push(candidate);
      else log(`  left out (${answer.status}): ${candidate} ${answer.text.slice(0, 160)}`);
    }
    if (paths.length < 10) throw new Error(`only ${paths.length} list calls answer 200`);
    log(
      `${CONNECTIONS} connections reading ${paths.length} distinct list calls of acme, ${WARM_UP} s warm-up + ${SECONDS} s measured, ` +
        `${WRITES_PER_SECOND} project PATCH/s; server with its default workers on PostgreSQL.`,
    );

    const phase = async (name: string) => {
      const writer = startWriter(server.base, token, projectId);
      let measureStart = 0;
      const figures = await readLoad({
        base: server.base,
        token,
        paths,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmUpSeconds: WARM_UP,
        onMeasureStart: () => {
          measureStart = performance.now();
        },
      });
      const measureEnd = performance.now();
      await writer.stop();
      const rss = watch
        .series()
        .map((s) => ({ pid: s.pid, role: s.role, peakMb: peakRss(s, watch.now() - (measureEnd - measureStart)).mb }));
      const sortedWrites = [...writer.latencies].sort((a, b) => a - b);
      return {
        name,
        figures,
        measureStart,
        measureEnd,
        writes: {
          count: writer.latencies.length,
          p50: Math.round((sortedWrites[Math.floor(sortedWrites.length / 2)] ?? Number.NaN) * 10) / 10,
          max: Math.round((sortedWrites.at(-1) ?? Number.NaN) * 10) / 10,
          problems: writer.problems,
        },
        rssPeakMb: rss,
      };
    };

    log('Phase A: reads, nothing processing…');
    const a = await phase('A: no processing');

    log(`Uploading ${MODELS} models through tus and adding them to project ${projectId}…`);
    const models: ModelState[] = [];
    for (let i = 0; i < MODELS; i++) {
      const uploadId = await uploadFile({ base: server.base, token }, heavy.file, `bench-torus-${i + 1}.obj`);
      const created = await call(server.base, '/v2/projects/models', {
        method: 'POST',
        token,
        json: { name: `Bench torus ${i + 1}`, project_id: projectId, upload_id: uploadId },
      });
      if (created.status !== 201) throw new Error(`model creation: ${created.status} ${created.text.slice(0, 300)}`);
      const row = (JSON.parse(created.text) as { data: { id: number; status: string } }).data;
      models.push({ id: row.id, status: row.status, queuedAt: performance.now() });
    }
    const requeuer = startRequeuer(server.base, token, models);
    log('Phase B: the same reads while the models are processed and re-queued…');
    const b = await phase('B: four models processing');
    await requeuer.stop();
    const inWindow = requeuer.finished.filter((f) => f.at >= b.measureStart && f.at <= b.measureEnd);
    const runMs = requeuer.finished.map((f) => f.ms).sort((x, y) => x - y);
    const processing = {
      models: models.map((m) => m.id),
      runsFinishedDuringMeasuredB: inWindow.length,
      runsFinishedInAll: requeuer.finished.length,
      runsFailed: requeuer.failed,
      runMsMedian: Math.round(runMs[Math.floor(runMs.length / 2)] ?? Number.NaN),
      runMsMax: Math.round(runMs.at(-1) ?? Number.NaN),
      problems: requeuer.problems,
      model: { triangles: heavy.triangles, bytes: heavy.bytes },
    };
    const stopped = await server.stop('SIGTERM');

    const strip = (p: Awaited<ReturnType<typeof phase>>) => ({
      name: p.name,
      ...p.figures,
      writes: p.writes,
      rssPeakMb: p.rssPeakMb,
    });
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: { start: loadStart, end: os.loadavg() },
      connections: CONNECTIONS,
      writesPerSecond: WRITES_PER_SECOND,
      serverReadyMs: Math.round(server.readyMs),
      seconds: SECONDS,
      warmUpSeconds: WARM_UP,
      paths,
      phases: [strip(a), strip(b)],
      processing,
      serverStop: stopped,
      serverProblems: server.problems,
    };
    const row = (label: string, pick: (f: ReadFigures) => number | string) =>
      log(`${label.padEnd(22)}${String(pick(a.figures)).padStart(16)}${String(pick(b.figures)).padStart(26)}`);
    log('');
    log(`${''.padEnd(22)}${'A: no processing'.padStart(16)}${'B: 4 models processing'.padStart(26)}`);
    row('requests', (f) => f.requests);
    row('req/s', (f) => f.rps);
    row('p50 ms', (f) => f.p50);
    row('p95 ms', (f) => f.p95);
    row('p99 ms', (f) => f.p99);
    row('max ms', (f) => f.max);
    row('x-cache hit ratio', (f) => `${(f.hitRatio * 100).toFixed(1)} %`);
    row('errors', (f) => f.errors);
    log(`${'project PATCH p50 ms'.padEnd(22)}${String(a.writes.p50).padStart(16)}${String(b.writes.p50).padStart(26)}`);
    log(
      `Pipeline runs finished during the measured ${SECONDS} s of B: ${inWindow.length} (in all ${requeuer.finished.length}, ` +
        `failed ${requeuer.failed.length}); run time queued→FINISHED median ${processing.runMsMedian} ms, max ${processing.runMsMax} ms.`,
    );
    log(`p99 by list (A → B):`);
    for (const [kind, one] of Object.entries(a.figures.byPath)) {
      const other = b.figures.byPath[kind];
      log(`  ${kind.padEnd(22)} ${String(one.p99).padStart(8)} → ${String(other?.p99 ?? '-').padStart(8)} ms`);
    }
    for (const problem of [...a.figures.errorSamples, ...b.figures.errorSamples, ...processing.problems]) {
      log(`  problem: ${problem}`);
    }
    if (server.problems.length) log(`The server logged ${server.problems.length} warnings/errors (in the JSON).`);
    log(`Wrote ${writeResult('list-under-processing.json', result)}`);
  } finally {
    watch.stop();
    await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
