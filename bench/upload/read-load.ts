import http from 'node:http';
import { HOST } from './meshport-process.ts';

/** Keep-alive list reads of many distinct URLs, with each answer's latency and x-cache. */

export interface ReadFigures {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Share of answers with x-cache: hit. */
  hitRatio: number;
  byPath: Record<string, { requests: number; p99: number; hitRatio: number }>;
}

interface Sample {
  path: string;
  ms: number;
  hit: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const round = (n: number) => Math.round(n * 100) / 100;

function summarize(samples: Sample[], errors: number, seconds: number): ReadFigures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const kind = sample.path.split('?')[0] as string;
    groups.set(kind, [...(groups.get(kind) ?? []), sample]);
  }
  return {
    requests: samples.length,
    errors,
    rps: Math.round(samples.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    hitRatio: round(samples.filter((s) => s.hit).length / Math.max(1, samples.length)),
    byPath: Object.fromEntries(
      [...groups].map(([kind, list]) => [
        kind,
        {
          requests: list.length,
          p99: round(
            percentile(
              list.map((s) => s.ms).sort((a, b) => a - b),
              99,
            ),
          ),
          hitRatio: round(list.filter((s) => s.hit).length / list.length),
        },
      ]),
    ),
  };
}

/**
 * `connections` keep-alive clients, each going through `paths` from its own starting point, for
 * `warmUpSeconds` (not recorded) and then `seconds` (recorded). 127.0.0.1 only; bounded in time.
 */
export async function readLoad(options: {
  base: string;
  token: string;
  paths: string[];
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  onMeasureStart?: () => void;
}): Promise<ReadFigures & { errorSamples: string[] }> {
  const base = new URL(options.base);
  if (base.hostname !== '127.0.0.1') throw new Error('the bench sends traffic to 127.0.0.1 only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { host: HOST, authorization: `Bearer ${options.token}`, accept: 'application/json' };
  const samples: Sample[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const startAt = performance.now();
  const measureFrom = startAt + options.warmUpSeconds * 1000;
  const until = measureFrom + options.seconds * 1000;
  let announced = false;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ hostname: base.hostname, port: base.port, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const ms = performance.now() - started;
          if (started < measureFrom) return resolve();
          if (res.statusCode === 200) samples.push({ path, ms, hit: res.headers['x-cache'] === 'hit' });
          else {
            errors++;
            if (errorSamples.length < 20) errorSamples.push(`${res.statusCode} ${path}`);
          }
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
      req.on('error', (error) => {
        if (started >= measureFrom) {
          errors++;
          if (errorSamples.length < 20) errorSamples.push(`${error.message} ${path}`);
        }
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      for (let n = worker * 7; performance.now() < until; n++) {
        if (!announced && performance.now() >= measureFrom) {
          announced = true;
          options.onMeasureStart?.();
        }
        await one(options.paths[n % options.paths.length] as string);
      }
    }),
  );
  agent.destroy();
  return { ...summarize(samples, errors, options.seconds), errorSamples };
}
