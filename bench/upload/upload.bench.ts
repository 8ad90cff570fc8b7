/**
 * A large upload through the real tus endpoint of `meshport serve`, as a client on a bad day sends
 * it: a generated OBJ (5 GiB by default) in large PATCH requests; at ~30 % the connection drops
 * mid-PATCH (the client destroys its socket), HEAD, resume; at ~60 % the server is stopped
 * mid-PATCH (SIGTERM: it drains; or SIGKILL) and a new one started on the same data folder,
 * HEAD, resume to the end. Then HEAD says offset = length and the stored file is compared byte
 * for byte with what was generated.
 *
 * Measured: throughput (overall, per segment, per PATCH), the time to resume, and the resident
 * memory (VmRSS, every 250 ms) of each server process: baseline after a warm-up upload, peak,
 * growth (target ≤ 100 MB). Writes bench/results/upload.json. The data folder is removed.
 *
 *   npm run bench:upload -w bench [-- --gb 5 --patch-mb 1024 --signal SIGKILL --database postgres]
 *
 * --database postgres uses DATABASE_URL of BENCH_DATABASE_URL (or the local server) with its own
 * database meshport_bench_upload_tus (dropped and made again); the server then runs its default
 * worker processes, and every node process of it is watched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  freshDatabase,
  GiB,
  log,
  MiB,
  rssSummary,
  sleep,
  writeResult,
} from './meshport-process.ts';
import { createUpload, GeneratedObj, type PatchOutcome, streamPatch, uploadOffset } from './tus-stream.ts';
import { bringUp, plannedSize, type ServerRun } from './upload-servers.ts';

const { values } = parseArgs({
  options: {
    gb: { type: 'string', default: '5' },
    'patch-mb': { type: 'string', default: '1024' },
    'drop-at': { type: 'string', default: '0.3' },
    'restart-at': { type: 'string', default: '0.6' },
    signal: { type: 'string', default: 'SIGTERM' },
    database: { type: 'string', default: 'pglite' },
    'no-verify': { type: 'boolean', default: false },
  },
});
const SIGNAL = values.signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM';
const POSTGRES = values.database === 'postgres';
const PATCH_BYTES = Math.max(1, Number(values['patch-mb'])) * MiB;
const DROP_AT = Number(values['drop-at']);
const RESTART_AT = Number(values['restart-at']);
const TARGET_GROWTH_MB = 100;
const MB = 1e6;

interface Segment {
  name: string;
  fromOffset: number;
  toOffset: number;
  transferMs: number;
  wallMs: number;
}

interface PatchRecord extends PatchOutcome {
  from: number;
  length: number;
  storedAfter: number;
}

async function main(): Promise<void> {
  const loadStart = os.loadavg();
  const { size, freeBytes, reduced } = plannedSize(Number(values.gb));
  log(`Free in ${os.tmpdir()}: ${(freeBytes / GiB).toFixed(1)} GiB.`);
  if (reduced) {
    log(
      `!! Not enough room for ${values.gb} GiB: uploading ${(size / GiB).toFixed(1)} GiB instead (the largest that fits).`,
    );
  }
  const source = new GeneratedObj();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-upload-'));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const database = POSTGRES ? await freshDatabase(adminUrl, 'meshport_bench_upload_tus') : null;
  const runs: ServerRun[] = [];
  let current: ServerRun | null = null;
  try {
    log(
      `Uploading ${(size / GiB).toFixed(2)} GiB (big.obj) to meshport serve on ${POSTGRES ? 'PostgreSQL' : 'PGlite'} in ` +
        `${PATCH_BYTES / MiB} MiB PATCHes; connection drop at ${DROP_AT * 100} %, server ${SIGNAL} at ${RESTART_AT * 100} %.`,
    );
    let up = await bringUp('server 1', port, dataDir, database?.url, null);
    current = up.run;
    runs.push(up.run);
    let target = up.target;
    const uploadPath = await createUpload(target, 'big.obj', size);
    const uploadId = uploadPath.split('/').pop() as string;

    const patches: PatchRecord[] = [];
    const segments: Segment[] = [];
    const events: Record<string, unknown>[] = [];
    let offset = 0;
    let dropped = false;
    let restarting: Promise<void> | null = null;
    let segment = { name: 'start → drop', from: 0, transferMs: 0, startedAt: performance.now() };
    const closeSegment = (name: string) => {
      segments.push({
        name: segment.name,
        fromOffset: segment.from,
        toOffset: offset,
        transferMs: segment.transferMs,
        wallMs: performance.now() - segment.startedAt,
      });
      segment = { name, from: offset, transferMs: 0, startedAt: performance.now() };
    };
    const started = performance.now();
    let failures = 0;

    while (offset < size) {
      const from = offset;
      const length = Math.min(PATCH_BYTES, size - offset);
      let trigger: 'drop' | 'restart' | null = null;
      let signalledAt = 0;
      const out = await streamPatch(target, uploadPath, source, from, length, (sent) => {
        const at = from + sent;
        if (!dropped && at >= DROP_AT * size) {
          dropped = true;
          trigger = 'drop';
          return 'drop';
        }
        if (!restarting && at >= RESTART_AT * size) {
          trigger = 'restart';
          signalledAt = at;
          const stopping = current as ServerRun;
          restarting = (async () => {
            const stopped = await stopping.server.stop(SIGNAL);
            stopping.endedAt = stopping.watch.now();
            stopping.watch.stop();
            events.push({ event: 'server stopped', signal: SIGNAL, sentBytesAtSignal: at, ...stopped });
          })();
        }
        return undefined;
      });
      segment.transferMs += out.ms;
      const fired = trigger as 'drop' | 'restart' | null;
      if (fired === 'drop') {
        const dropAt = performance.now();
        const head = await uploadOffset(target, uploadPath);
        offset = head.offset;
        const headMs = performance.now() - dropAt;
        patches.push({ ...out, from, length, storedAfter: offset });
        events.push({
          event: 'connection dropped',
          sentUpTo: from + out.sent,
          storedAfterHead: offset,
          lostBytes: from + out.sent - offset,
          headMs,
        });
        closeSegment('drop → restart');
        continue;
      }
      if (fired === 'restart') {
        await restarting;
        const t0 = performance.now();
        up = await bringUp('server 2', port, dataDir, database?.url, target.token);
        const restartMs = performance.now() - t0;
        current = up.run;
        runs.push(up.run);
        target = up.target;
        const headStarted = performance.now();
        offset = (await uploadOffset(target, uploadPath)).offset;
        const headMs = performance.now() - headStarted;
        patches.push({ ...out, from, length, storedAfter: offset });
        events.push({
          event: 'server restarted',
          signal: SIGNAL,
          signalledAtBytes: signalledAt,
          patchInFlight: { status: out.status, error: out.error, sent: out.sent, answerOffset: out.offset },
          storedAfterHead: offset,
          lostBytes: from + out.sent - offset,
          newServerReadyMs: up.run.readyMs,
          newServerUpWithWarmUpMs: restartMs,
          tokenKeptAcrossRestart: up.tokenKept,
          headMs,
        });
        closeSegment('restart → end');
        continue;
      }
      if (out.status === 204) {
        offset = out.offset;
      } else {
        failures++;
        events.push({
          event: 'unexpected PATCH answer',
          from,
          status: out.status,
          error: out.error,
          answer: out.answer,
        });
        if (failures > 5) throw new Error(`PATCH keeps failing: ${out.status} ${out.error ?? out.answer}`);
        await sleep(500);
        offset = (await uploadOffset(target, uploadPath)).offset;
      }
      patches.push({ ...out, from, length, storedAfter: offset });
    }
    const totalMs = performance.now() - started;
    closeSegment('');
    const final = await uploadOffset(target, uploadPath);
    let uploadState: string | null = null;
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      uploadState = (await client.query('select state from uploads where id = $1', [uploadId])).rows[0]?.state ?? null;
      await client.end();
    }
    let firstDifference: number | null = null;
    let verifyMs = 0;
    if (!values['no-verify']) {
      log('Comparing the stored file with the generated bytes…');
      const t0 = performance.now();
      firstDifference = await source.firstDifference(path.join(dataDir, 'storage/uploads', uploadId), size);
      verifyMs = performance.now() - t0;
    }
    const stop = await current.server.stop('SIGTERM');
    current.endedAt = current.watch.now();
    current.watch.stop();
    events.push({ event: 'final stop', ...stop });
    current = null;

    const memory = runs.map((run) => ({
      label: run.label,
      readyMs: Math.round(run.readyMs),
      idleAfterMs: run.idleAfterMs,
      processes: rssSummary(run.watch, run.baselineAt),
    }));
    const worstGrowth = Math.max(...memory.flatMap((m) => m.processes.map((p) => p.growthMb)));
    const transferMs = patches.reduce((sum, p) => sum + p.ms, 0);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: { start: loadStart, end: os.loadavg() },
      database: POSTGRES ? 'postgres' : 'pglite',
      sizeBytes: size,
      sizeAskedGiB: Number(values.gb),
      reducedForDisk: reduced,
      patchBytes: PATCH_BYTES,
      dropAt: DROP_AT,
      restartAt: RESTART_AT,
      signal: SIGNAL,
      finished: final.offset === size && final.length === size,
      finalHead: final,
      uploadStateInDatabase: uploadState,
      verified:
        firstDifference === null ? 'skipped' : firstDifference === -1 ? 'identical' : `differs at ${firstDifference}`,
      verifyMs: Math.round(verifyMs),
      throughput: {
        overallMBps: Math.round((size / MB / (totalMs / 1000)) * 10) / 10,
        transferMBps:
          Math.round((patches.reduce((s, p) => s + (p.storedAfter - p.from), 0) / MB / (transferMs / 1000)) * 10) / 10,
        totalMs: Math.round(totalMs),
        segments: segments.map((s) => ({
          ...s,
          MBps:
            s.transferMs > 0 ? Math.round(((s.toOffset - s.fromOffset) / MB / (s.transferMs / 1000)) * 10) / 10 : null,
          transferMs: Math.round(s.transferMs),
          wallMs: Math.round(s.wallMs),
        })),
      },
      patches: patches.map((p) => ({
        from: p.from,
        length: p.length,
        sent: p.sent,
        status: p.status,
        error: p.error,
        storedAfter: p.storedAfter,
        ms: Math.round(p.ms),
        MBps: Math.round(((p.storedAfter - p.from) / MB / (p.ms / 1000)) * 10) / 10,
      })),
      events,
      memory,
      target: { growthMbAtMost: TARGET_GROWTH_MB, worstGrowthMb: worstGrowth, met: worstGrowth <= TARGET_GROWTH_MB },
      serverProblems: runs.flatMap((run) => run.server.problems.map((p) => ({ server: run.label, ...p }))),
    };
    const report = (r: typeof result) => {
      const pad = (value: unknown, width: number) => String(value).padStart(width);
      log('');
      log(`Upload of ${(r.sizeBytes / GiB).toFixed(2)} GiB: finished ${r.finished}, content ${r.verified}.`);
      log(
        `Load average at start ${r.loadAverage.start.map((n) => n.toFixed(1)).join(' ')} (2 cores: other work on the machine weighs on the figures).`,
      );
      log(
        `Overall ${r.throughput.overallMBps} MB/s in ${(r.throughput.totalMs / 1000).toFixed(1)} s (drop and restart included); while sending ${r.throughput.transferMBps} MB/s.`,
      );
      log('segment                  stored MB   sending s    wall s      MB/s');
      for (const s of r.throughput.segments) {
        log(
          `${s.name.padEnd(24)}${pad(((s.toOffset - s.fromOffset) / MB).toFixed(0), 10)}${pad((s.transferMs / 1000).toFixed(1), 12)}` +
            `${pad((s.wallMs / 1000).toFixed(1), 10)}${pad(s.MBps, 10)}`,
        );
      }
      for (const e of r.events) log(`  ${JSON.stringify(e)}`);
      log('server    process  pid       ready MB  baseline MB  peak MB  growth MB');
      for (const m of r.memory) {
        for (const p of m.processes) {
          log(
            `${m.label.padEnd(10)}${p.role.padEnd(9)}${String(p.pid).padEnd(10)}${pad(p.readyRssMb, 8)}${pad(p.baselineMb, 13)}` +
              `${pad(p.peakMb, 9)}${pad(p.growthMb, 11)}`,
          );
        }
      }
      log(
        `Target: memory growth ≤ ${r.target.growthMbAtMost} MB per server process: worst ${r.target.worstGrowthMb} MB → ${r.target.met ? 'met' : 'NOT met'}.`,
      );
      if (r.serverProblems.length) log(`The servers logged ${r.serverProblems.length} warnings/errors (in the JSON).`);
    };
    report(result);
    log(`Wrote ${writeResult('upload.json', result)}`);
  } finally {
    if (current) {
      await current.server.stop('SIGKILL');
      current.watch.stop();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    log(`Removed ${dataDir}${database ? ' and the bench database' : ''}.`);
  }
}

await main();
