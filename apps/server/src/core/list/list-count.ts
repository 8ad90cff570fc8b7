import { CompanyKeyedMemory, InFlight, type ListCacheFeed } from './list-cache.ts';
import { LIKELY_BROAD } from './list-estimate.ts';

/**
 * Totals of lists (docs/decisions/0010). Up to EXACT_COUNT_LIMIT matching rows, the total is
 * counted exactly in the request's transaction (it reads at most that many index entries).
 * Above it, counting every row on each request would cost more than the page itself (a
 * count of 1M rows takes ~100 ms), so the exact total is computed once per list and filter
 * and served from memory. When a table it counts changes (with a live change feed), or after
 * LARGE_COUNT_TTL_MS without one, the remembered total is still served while it is counted
 * again in the background, at most once per LARGE_COUNT_REFRESH_MS (decision 0028): under a
 * company's steady writes a total above 10,000 may lag by that long, instead of every read
 * counting a million rows again. Lists whose totals are kept on write do not come here.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const LARGE_COUNT_TTL_MS = 30_000;
export const LARGE_COUNT_REFRESH_MS = 5_000;
/**
 * A recount waits at least this many times as long as the last count of its key took: a
 * search matching 400,000 of a million items takes ~0.35 s to count, and counting it again
 * every 5 s under steady writes held a database core a quarter busy in the mix (decision 0028).
 * At 100 times, the mix's fifteen-odd broad searches per tenant still took 7 % of the database's
 * time recounting; at 1,000 (at most RECOUNT_MAX_SPACING_MS) each key costs a core at most 0.1 %,
 * and a total above 10,000 may lag the writes by up to five minutes (decision 0029).
 */
const RECOUNT_SPACING = 1_000;
export const RECOUNT_MAX_SPACING_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;

/** A list's total, and whether it is an estimate that its exact count will replace. */
export interface ListTotal {
  count: number;
  estimated: boolean;
}

export class LargeCounts {
  private readonly memory: CompanyKeyedMemory<ListTotal>;
  private readonly pending = new InFlight<number>();
  private readonly refreshedAt = new Map<string, number>();
  private readonly now: () => number;

  constructor(options: { feed?: ListCacheFeed; now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
    this.memory = new CompanyKeyedMemory({
      maxEntries: MAX_ENTRIES,
      unfollowedTtlMs: LARGE_COUNT_TTL_MS,
      onChange: 'expire',
      ...options,
    });
  }

  /**
   * `capped` counts at most EXACT_COUNT_LIMIT + 1 rows and `full` all of them, both in the
   * request's transaction; `refresh` counts them all in a transaction of its own, in the
   * background. A request never waits for a connection of its own pool while holding one
   * (that deadlocks a busy pool).
   */
  async total(
    key: string,
    capped: () => Promise<number>,
    full: () => Promise<number>,
    refresh: () => Promise<number> = full,
  ): Promise<number> {
    const remembered = this.remembered(key, refresh);
    if (remembered && !remembered.estimated) return remembered.count;
    const inFlight = this.pending.current(key);
    if (inFlight) return inFlight;
    const counted = await capped();
    if (counted <= EXACT_COUNT_LIMIT) return counted;
    return this.remember(key, full);
  }

  /**
   * As `total`, for a search whose matches may run into the hundreds of thousands: above
   * EXACT_COUNT_LIMIT its first request gets `estimate` (a sample's share of the unsearched
   * list, docs/decisions/0029) while the exact count runs in the background (`refresh`); later
   * requests get the exact total once it is there. Counting 900,000 matches of a one-letter
   * term took 0.7 s in the request.
   */
  async totalOrEstimate(
    key: string,
    capped: () => Promise<number>,
    estimate: (sampleRows?: number) => Promise<ListTotal>,
    refresh: () => Promise<number>,
  ): Promise<ListTotal> {
    const remembered = this.remembered(key, refresh);
    if (remembered) return remembered;
    const token = this.memory.token();
    // The sample first: the capped count of a term matching 25,000 of a million names reads
    // 10,001 of them (90 ms for "lamp") only to learn that there are more (decisions 0030, 0046).
    const guess = await estimate();
    // A small list answers exactly and is not remembered: the next write may change it.
    if (!guess.estimated) return guess;
    if (guess.count < LIKELY_BROAD) {
      const counted = await capped();
      if (counted <= EXACT_COUNT_LIMIT) return { count: counted, estimated: false };
    }
    const total = { count: Math.max(guess.count, EXACT_COUNT_LIMIT + 1), estimated: true };
    if (!this.memory.get(key)) this.memory.set(key, total, token);
    void this.remember(key, refresh).catch(() => {});
    return total;
  }

  /** The remembered total, counted again in the background when stale or only estimated. */
  private remembered(key: string, refresh: () => Promise<number>): ListTotal | undefined {
    const entry = this.memory.get(key);
    if (!entry) return undefined;
    const stale = entry.expired && this.now() >= (this.refreshedAt.get(key) ?? 0);
    if ((stale || entry.value.estimated) && !this.pending.current(key)) {
      void this.remember(key, refresh).catch(() => {});
    }
    return entry.value;
  }

  private remember(key: string, full: () => Promise<number>): Promise<number> {
    return this.pending.run(key, async () => {
      const token = this.memory.token();
      const started = this.now();
      const value = await full();
      this.memory.set(key, { count: value, estimated: false }, token);
      const took = (this.now() - started) * RECOUNT_SPACING;
      const spacing = Math.max(LARGE_COUNT_REFRESH_MS, Math.min(RECOUNT_MAX_SPACING_MS, took));
      this.refreshedAt.delete(key);
      this.refreshedAt.set(key, started + spacing);
      if (this.refreshedAt.size > MAX_ENTRIES) this.refreshedAt.delete(this.refreshedAt.keys().next().value as string);
      return value;
    });
  }
}
