import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DatabaseBusyError } from './database-busy-error.ts';

export const DEFAULT_QUEUE_TIMEOUT_MS = 5_000;

interface Waiter {
  grant: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * One slot, handed to waiters strictly in the order they asked. A waiter still waiting after
 * the timeout leaves the queue and gets a `DatabaseBusyError`; one that got the slot keeps it
 * until its work settles, however long that takes.
 */
export class FairQueue {
  private held = false;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly timeoutMs: number | null = DEFAULT_QUEUE_TIMEOUT_MS) {}

  /** Callers waiting for the slot (not counting the one holding it). */
  get waiting(): number {
    return this.waiters.length;
  }

  get busy(): boolean {
    return this.held;
  }

  /** Runs `work` once the slot is ours; `timeoutMs: null` waits as long as it takes. */
  async run<T>(work: () => Promise<T>, timeoutMs: number | null = this.timeoutMs): Promise<T> {
    await this.acquire(timeoutMs);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(timeoutMs: number | null): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
      };
      if (timeoutMs !== null) {
        waiter.timer = setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index < 0) return;
          this.waiters.splice(index, 1);
          reject(new DatabaseBusyError(timeoutMs));
        }, timeoutMs);
      }
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    // Handed to the next waiter while still held, so nobody arriving meanwhile can take it first;
    // but on the next turn of the event loop, not as a microtask: PGlite runs each statement on
    // this thread, and a chain of hand-offs in microtasks would keep the loop from reading
    // sockets until the whole queue had run, starving new connections for seconds.
    const next = this.waiters.shift();
    if (next) setImmediate(next.grant);
    else this.held = false;
  }
}

/** What the Drizzle driver and the server call on the client. */
export type QueuedPGlite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'dumpDataDir'>;

/**
 * The client with every statement and transaction waiting in `queue` first. A transaction
 * holds the slot until it commits or rolls back; its own statements go through PGlite's
 * transaction object and do not queue again (they would wait for themselves).
 *
 * LISTEN, UNLISTEN and dumps queue too but without the timeout: they are the server's own
 * work, not a request's. PGlite's `listen` runs LISTEN through its own `exec`, never through
 * this wrapper, so it does not wait for the slot it holds.
 */
export function queuePGlite(client: PGlite, queue: FairQueue): QueuedPGlite {
  return {
    query: <T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      queue.run(() => client.query<T>(query, params, options)),
    exec: (query: string, options?: QueryOptions): Promise<Results[]> => queue.run(() => client.exec(query, options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
      queue.run(() => client.transaction(callback)),
    listen: async (channel: string, callback: (payload: string) => void) => {
      const unlisten = await queue.run(() => client.listen(channel, callback), null);
      return () => queue.run(() => unlisten(), null);
    },
    dumpDataDir: (compression) => queue.run(() => client.dumpDataDir(compression), null),
  };
}
