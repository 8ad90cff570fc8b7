import http from 'node:http';
import { type Figures, summarize } from '../list-api/stats.ts';
import type { MixRequest } from './mix-reads.ts';
import { sessionHeaders } from './mix-sessions.ts';
import type { WriteMaker } from './mix-writes.ts';

/** What one request of the load did. */
interface Outcome {
  call: string;
  /** Who asked for what: the distinct request. */
  key: string;
  write: boolean;
  ms: number;
  status: number;
  cache: 'hit' | 'miss' | null;
}

export interface CallFigures extends Figures {
  call: string;
  hits: number;
}

export interface LoadFigures {
  connections: number;
  seconds: number;
  all: Figures;
  reads: Figures;
  writes: Figures;
  /** Distinct requests (who asked for what) sent in the measured time. */
  distinctSent: number;
  /** Of the reads of cached routes (those that answer x-cache), the share answered from the cache. */
  cacheHitShare: number;
  /** Answers outside 2xx and requests that got no answer, by status (0: no answer). */
  errorsByStatus: Record<string, number>;
  errorSamples: string[];
  perCall: CallFigures[];
}

/**
 * The order requests are sent in: each distinct read as many times as its weight, shuffled once
 * (seeded, so two runs send the same sequence), with a write in place of every `writeEvery`-th read, the writers taking
 * turns. Every connection takes the next request of this one sequence.
 */
export function makeSchedule(reads: MixRequest[], writers: WriteMaker[], writeEvery: number) {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const order = reads.flatMap((read) => Array.from({ length: read.weight }, () => read));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as MixRequest, order[i] as MixRequest];
  }
  let sent = 0;
  let readIndex = 0;
  let writes = 0;
  return (): MixRequest => {
    sent += 1;
    if (writers.length && sent % writeEvery === 0) {
      const maker = writers[writes % writers.length] as WriteMaker;
      writes += 1;
      return maker(Math.floor(writes / writers.length) + sent);
    }
    const next = order[readIndex % order.length] as MixRequest;
    readIndex += 1;
    return next;
  };
}

function send(agent: http.Agent, base: string, request: MixRequest): Promise<Pick<Outcome, 'status' | 'cache'>> {
  return new Promise((resolve) => {
    const headers = sessionHeaders(request.session, request.body ? { 'content-type': 'application/json' } : {});
    const req = http.request(
      `${base}${request.url}`,
      { method: request.method, headers, agent, timeout: 30_000 },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          const cache = res.headers['x-cache'];
          resolve({ status: res.statusCode ?? 0, cache: cache === 'hit' || cache === 'miss' ? cache : null });
        });
        res.on('error', () => resolve({ status: 0, cache: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, cache: null }));
    req.end(request.body);
  });
}

/**
 * `connections` clients, each with one kept-alive connection (a browser tab or an API client),
 * sending the schedule back to back for warm-up + `seconds`; only the last `seconds` count.
 */
export async function runLoad(options: {
  base: string;
  next: () => MixRequest;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
}): Promise<LoadFigures> {
  if (!options.base.startsWith('http://127.0.0.1:')) throw new Error('the bench sends traffic to 127.0.0.1 only');
  const outcomes: Outcome[] = [];
  const errorSamples: string[] = [];
  const startAt = performance.now();
  const measureFrom = startAt + options.warmUpSeconds * 1000;
  const until = measureFrom + options.seconds * 1000;
  const agents: http.Agent[] = [];
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    while (performance.now() < until) {
      const request = options.next();
      const started = performance.now();
      const answer = await send(agent, options.base, request);
      if (started < measureFrom) continue;
      const key = `${request.session.label} ${request.method} ${request.url}`;
      outcomes.push({ call: request.call, key, write: request.write, ms: performance.now() - started, ...answer });
      if ((answer.status < 200 || answer.status > 299) && errorSamples.length < 10) {
        errorSamples.push(`${answer.status} ${request.method} ${request.url} (${request.session.label})`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  for (const agent of agents) agent.destroy();
  return summarizeLoad(outcomes, options.connections, options.seconds, errorSamples);
}

const ok = (outcome: Outcome) => outcome.status >= 200 && outcome.status <= 299;

function figures(outcomes: Outcome[], seconds: number): Figures {
  return summarize(
    outcomes.filter(ok).map((o) => o.ms),
    seconds,
    outcomes.filter((o) => !ok(o)).length,
  );
}

function summarizeLoad(outcomes: Outcome[], connections: number, seconds: number, errorSamples: string[]): LoadFigures {
  const reads = outcomes.filter((o) => !o.write);
  const cached = reads.filter((o) => o.cache !== null);
  const errorsByStatus: Record<string, number> = {};
  for (const outcome of outcomes.filter((o) => !ok(o))) {
    errorsByStatus[outcome.status] = (errorsByStatus[outcome.status] ?? 0) + 1;
  }
  const byCall = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const list = byCall.get(outcome.call);
    if (list) list.push(outcome);
    else byCall.set(outcome.call, [outcome]);
  }
  return {
    connections,
    seconds,
    all: figures(outcomes, seconds),
    reads: figures(reads, seconds),
    writes: figures(
      outcomes.filter((o) => o.write),
      seconds,
    ),
    distinctSent: new Set(outcomes.map((o) => o.key)).size,
    cacheHitShare: cached.length ? cached.filter((o) => o.cache === 'hit').length / cached.length : 0,
    errorsByStatus,
    errorSamples,
    perCall: [...byCall]
      .map(([call, list]) => ({ call, ...figures(list, seconds), hits: list.filter((o) => o.cache === 'hit').length }))
      .sort((a, b) => b.p99 - a.p99),
  };
}
