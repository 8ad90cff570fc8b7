import type { Figures } from '../list-api/stats.ts';
import type { MixRequest } from './mix-reads.ts';
import type { LoadFigures } from './mixed-load.ts';
import { type CallReport, formatMs, type Target } from './mixed-report.ts';

/** Issue 14's limits on this 2-core machine. */
export const SINGLE_LIMIT_MS = 50;
const P99_AT_50_MS = 250;
const EMBEDDED_P99_AT_20_MS = 500;
const MIN_SQL_RATIO_AT_200 = 0.5;

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Per call: its requests alone and uncached at the large tenant (median and worst), and its
 * share of the bare-SQL replay's database time (`msByKey`, by request key).
 */
export function perCallReport(
  requests: MixRequest[],
  msByKey: Map<string, { ms: number; count: number }>,
  keyOf: (request: MixRequest) => string,
  large: string,
): CallReport[] {
  const callOfKey = new Map(requests.map((request) => [keyOf(request), request.call]));
  const db = new Map<string, { ms: number; count: number }>();
  let dbTotal = 0;
  for (const [key, time] of msByKey) {
    const call = callOfKey.get(key);
    dbTotal += time.ms;
    if (!call) continue;
    const sum = db.get(call) ?? { ms: 0, count: 0 };
    sum.ms += time.ms;
    sum.count += time.count;
    db.set(call, sum);
  }
  const calls = [...new Set(requests.map((request) => request.call))];
  return calls.map((call) => {
    const reads = requests.filter((request) => request.call === call && !request.write);
    const alone = reads.filter((request) => request.session.tenant === large && request.singleMs !== undefined);
    const worst = alone.reduce<MixRequest | null>(
      (w, r) => (!w || (r.singleMs ?? 0) > (w.singleMs ?? 0) ? r : w),
      null,
    );
    const time = db.get(call);
    return {
      call,
      distinct: reads.length,
      singleMedianMs: median(alone.map((request) => request.singleMs ?? 0)),
      singleWorstMs: worst?.singleMs ?? Number.NaN,
      singleWorstUrl: worst?.url ?? '',
      dbShare: dbTotal && time ? time.ms / dbTotal : 0,
      dbMsPerRequest: time?.count ? time.ms / time.count : Number.NaN,
    };
  });
}

const p99Target = (name: string, load: LoadFigures | undefined, limitMs: number): Target[] =>
  load ? [{ name, limit: `≤ ${limitMs} ms`, measured: formatMs(load.all.p99), met: load.all.p99 <= limitMs }] : [];

/** The targets against one database's run. */
export function targetsFor(run: {
  kind: 'postgres' | 'embedded';
  loads: LoadFigures[];
  bareSql: Map<number, Figures>;
  perCall: CallReport[];
  large: string;
}): Target[] {
  const load = (connections: number) => run.loads.find((l) => l.connections === connections);
  if (run.kind === 'embedded') return p99Target('embedded: p99 at 20 connections', load(20), EMBEDDED_P99_AT_20_MS);
  const targets = p99Target('p99 at 50 connections', load(50), P99_AT_50_MS);
  const at200 = load(200);
  const sql200 = run.bareSql.get(200);
  if (at200 && sql200) {
    const ratio = at200.all.rps / sql200.rps;
    targets.push(
      {
        name: 'errors at 200 connections',
        limit: '0',
        measured: String(at200.all.errors),
        met: at200.all.errors === 0,
      },
      {
        name: 'throughput at 200 connections / bare SQL of the same mix',
        limit: `≥ ${MIN_SQL_RATIO_AT_200}`,
        measured: `${at200.all.rps} / ${sql200.rps} req/s = ${ratio.toFixed(2)}`,
        met: ratio >= MIN_SQL_RATIO_AT_200,
      },
    );
  }
  const measured = run.perCall.filter((call) => !Number.isNaN(call.singleWorstMs));
  const slow = measured.filter((call) => call.singleWorstMs > SINGLE_LIMIT_MS);
  targets.push({
    name: `every call's single uncached request at ${run.large} (worst of its distinct requests)`,
    limit: `≤ ${SINGLE_LIMIT_MS} ms`,
    measured: slow.length
      ? slow.map((call) => `${call.call} ${formatMs(call.singleWorstMs)} (${call.singleWorstUrl})`).join('; ')
      : `all within; worst ${formatMs(Math.max(...measured.map((call) => call.singleWorstMs)))}`,
    met: slow.length === 0,
  });
  return targets;
}
