import http from 'node:http';

export interface LoadCounts {
  served: number;
  servedAfterSignal: number;
  /** Lanes that ended because an answer said `Connection: close`. */
  closedByServer: number;
  /** Lanes that ended because a new connection was refused after the signal. */
  refusedAfterSignal: number;
  failures: string[];
}

interface LoadOptions {
  base: string;
  host: string;
  paths: string[];
  /** One lane per entry: the longest random pause before each of its requests (0: none). */
  lanePausesMs: number[];
  answerTimeoutMs: number;
}

type Outcome =
  | { kind: 'answered'; connectionClose: boolean }
  | { kind: 'failed'; reason: string }
  | { kind: 'refused' };

/**
 * Lanes that each send requests one after another on their own kept-alive connection until the
 * server closes it. A request that was sent and got a reset, a 5xx or no answer is a failure; a
 * new connection refused after the signal is the end of that lane's load.
 */
export class KeepAliveLoad {
  private readonly counts: LoadCounts = {
    served: 0,
    servedAfterSignal: 0,
    closedByServer: 0,
    refusedAfterSignal: 0,
    failures: [],
  };
  private signalled = false;
  private stopped = false;
  private running: Promise<void>[] = [];

  constructor(private readonly options: LoadOptions) {}

  start(): void {
    this.running = this.options.lanePausesMs.map((pauseMs, lane) => this.lane(lane, pauseMs));
  }

  get served(): number {
    return this.counts.served;
  }

  /** From now on, a refused new connection ends a lane instead of counting as a failure. */
  signalSent(): void {
    this.signalled = true;
  }

  async finished(timeoutMs: number): Promise<LoadCounts> {
    const timer = setTimeout(() => {
      this.stopped = true;
    }, timeoutMs);
    await Promise.all(this.running);
    clearTimeout(timer);
    return this.counts;
  }

  private async lane(lane: number, pauseMs: number): Promise<void> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = 0; !this.stopped; n++) {
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * pauseMs));
        const path = this.options.paths[n % this.options.paths.length] as string;
        const afterSignal = this.signalled;
        const outcome = await this.send(agent, path);
        if (outcome.kind === 'refused') {
          this.counts.refusedAfterSignal++;
          return;
        }
        if (outcome.kind === 'failed') {
          this.counts.failures.push(`lane ${lane}, ${path}: ${outcome.reason}`);
          continue;
        }
        this.counts.served++;
        if (afterSignal) this.counts.servedAfterSignal++;
        if (outcome.connectionClose) {
          this.counts.closedByServer++;
          return;
        }
      }
    } finally {
      agent.destroy();
    }
  }

  private send(agent: http.Agent, path: string): Promise<Outcome> {
    const { base, host, answerTimeoutMs } = this.options;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = http.get(new URL(path, base), { agent, headers: { host, accept: 'application/json' } }, (res) => {
        const status = res.statusCode ?? 0;
        res.on('error', (error) => settle({ kind: 'failed', reason: `answer cut off: ${error.message}` }));
        res.on('aborted', () => settle({ kind: 'failed', reason: 'answer cut off' }));
        res.on('end', () =>
          settle(
            status >= 500
              ? { kind: 'failed', reason: `status ${status}` }
              : { kind: 'answered', connectionClose: res.headers.connection === 'close' },
          ),
        );
        res.resume();
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // Only a request on a connection that already existed can have been received by the server.
        if (this.signalled && !req.reusedSocket) settle({ kind: 'refused' });
        else
          settle({ kind: 'failed', reason: `${error.code ?? error.message} (reused connection: ${req.reusedSocket})` });
      });
      const timer = setTimeout(() => {
        settle({ kind: 'failed', reason: `no answer within ${answerTimeoutMs} ms` });
        req.destroy();
      }, answerTimeoutMs);
    });
  }
}
