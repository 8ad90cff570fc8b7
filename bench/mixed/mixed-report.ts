import type { Figures } from '../list-api/stats.ts';
import type { LoadFigures } from './mixed-load.ts';

const pad = (text: string | number, width: number) => String(text).padStart(width);
const ms = (n: number) => (Number.isNaN(n) ? '-' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

export interface Target {
  name: string;
  limit: string;
  measured: string;
  met: boolean;
}

export interface CallReport {
  call: string;
  distinct: number;
  /** The request alone, uncached (the discovery pass): median and worst of its distinct requests. */
  singleMedianMs: number;
  singleWorstMs: number;
  singleWorstUrl: string;
  /** Share of the database time of the bare-SQL replay of the mix. */
  dbShare: number;
  dbMsPerRequest: number;
}

export function printLoadTable(log: (line: string) => void, runs: { load: LoadFigures; sql: Figures | null }[]): void {
  log(
    `${'conns'.padStart(5)} | ${'req/s'.padStart(6)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'hits'.padStart(5)} ${'errors'.padStart(6)} ${'writes'.padStart(6)} ${'w p99'.padStart(9)} | ${'SQL req/s'.padStart(9)} ${'SQL p99'.padStart(9)} ${'API/SQL'.padStart(7)}`,
  );
  for (const { load, sql } of runs) {
    log(
      `${pad(load.connections, 5)} | ${pad(load.all.rps, 6)} ${pad(ms(load.all.p50), 9)} ${pad(ms(load.all.p95), 9)} ${pad(ms(load.all.p99), 9)} ${pad(`${Math.round(load.cacheHitShare * 100)}%`, 5)} ${pad(load.all.errors, 6)} ${pad(load.writes.requests, 6)} ${pad(ms(load.writes.p99), 9)} | ${pad(sql ? sql.rps : '-', 9)} ${pad(sql ? ms(sql.p99) : '-', 9)} ${pad(sql ? (load.all.rps / sql.rps).toFixed(2) : '-', 7)}`,
    );
    if (load.all.errors)
      log(`        errors: ${JSON.stringify(load.errorsByStatus)} e.g. ${load.errorSamples.slice(0, 3).join('; ')}`);
  }
}

export function printCalls(log: (line: string) => void, calls: CallReport[], limitMs: number): void {
  log(
    `${'call'.padEnd(44)} ${'distinct'.padStart(8)} ${'alone p50'.padStart(10)} ${'alone max'.padStart(10)} ${'DB share'.padStart(8)} ${'DB/req'.padStart(9)}`,
  );
  for (const call of [...calls].sort((a, b) => b.dbShare - a.dbShare)) {
    log(
      `${call.call.padEnd(44)} ${pad(call.distinct, 8)} ${pad(ms(call.singleMedianMs), 10)} ${pad(ms(call.singleWorstMs), 10)}${call.singleWorstMs > limitMs ? '!' : ' '} ${pad(`${(call.dbShare * 100).toFixed(1)}%`, 7)} ${pad(ms(call.dbMsPerRequest), 9)}`,
    );
  }
}

export function printTargets(log: (line: string) => void, targets: Target[]): void {
  for (const target of targets) {
    log(`  ${target.met ? 'met    ' : 'NOT MET'}  ${target.name}: ${target.measured} (target ${target.limit})`);
  }
}

export { ms as formatMs };
