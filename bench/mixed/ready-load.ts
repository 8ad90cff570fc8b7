import type { RunningServer } from '../list-api/bench-setup.ts';
import type { MixRequest } from './mix-reads.ts';
import type { WriteMaker } from './mix-writes.ts';
import { type LoadFigures, makeSchedule, runLoad } from './mixed-load.ts';

/** "The same p99": the load at the moment of readiness within this factor of the one a minute later. */
export const READY_P99_RATIO = 1.2;
const LATER_MS = 60_000;

export interface ReadyLoadFigures {
  /** From the server's start (its process spawned and listening) to /readyz answering 200. */
  readyAfterMs: number;
  atReady: LoadFigures;
  later: LoadFigures;
  ratio: number;
  met: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /readyz from the moment the server listens; resolves when it first answers 200. */
async function untilReady(base: string): Promise<void> {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const status = await fetch(`${base}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(20);
  }
  throw new Error('/readyz did not answer 200 within 300 s');
}

/**
 * Ready means ready (issue 28 item 3): a fresh server loaded the moment `/readyz` first answers
 * 200, and another fresh server loaded 60 s after it did, with the same schedule, no warm-up
 * seconds in either. Their p99s must be the same (within READY_P99_RATIO). Each server starts
 * on a settled database and machine: the first used to start right after the 200-connection
 * load's writes, and paid for them (763 req/s against 1,130 a minute later, once).
 */
export async function loadAtReadyAndLater(options: {
  start: () => Promise<RunningServer>;
  /** Before each fresh server starts: neither inherits the writes of what ran before it. */
  settle: () => Promise<unknown>;
  reads: MixRequest[];
  writers: WriteMaker[];
  writeEvery: number;
  connections: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<ReadyLoadFigures> {
  const run = async (waitMs: number) => {
    await options.settle();
    const started = performance.now();
    const server = await options.start();
    try {
      await untilReady(server.url);
      const readyAfterMs = performance.now() - started;
      if (waitMs) await sleep(waitMs);
      const next = makeSchedule(options.reads, options.writers, options.writeEvery);
      const load = await runLoad({
        base: server.url,
        next,
        connections: options.connections,
        seconds: options.seconds,
        warmUpSeconds: 0,
      });
      return { readyAfterMs, load };
    } finally {
      await server.stop();
    }
  };
  const first = await run(0);
  const second = await run(LATER_MS);
  const ratio = first.load.all.p99 / second.load.all.p99;
  const figures: ReadyLoadFigures = {
    readyAfterMs: first.readyAfterMs,
    atReady: first.load,
    later: second.load,
    ratio,
    met: ratio <= READY_P99_RATIO,
  };
  const line = (name: string, load: LoadFigures) =>
    `  ${name}: ${load.all.rps} req/s, p50 ${load.all.p50.toFixed(0)} ms, p99 ${load.all.p99.toFixed(0)} ms, ${load.all.errors} errors`;
  options.log(
    `\nReady means ready (${options.connections} connections, ${options.seconds} s, a fresh server each; /readyz said 200 ${(first.readyAfterMs / 1000).toFixed(1)} s after the start):`,
  );
  options.log(line('started the moment /readyz said 200', first.load));
  options.log(line(`started ${LATER_MS / 1000} s later`, second.load));
  options.log(
    `${figures.met ? 'met' : 'not met'}: p99 at ready ${ratio.toFixed(2)} × the one a minute later (≤ ${READY_P99_RATIO})`,
  );
  return figures;
}
