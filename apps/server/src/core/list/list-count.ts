import { CompanyKeyedMemory, InFlight, type ListCacheFeed } from './list-cache.ts';

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
 */
const RECOUNT_SPACING = 100;
const MAX_ENTRIES = 5_000;

export class LargeCounts {
  private readonly memory: CompanyKeyedMemory<number>;
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
    const entry = this.memory.get(key);
    if (entry) {
      if (entry.expired && !this.pending.current(key) && this.now() >= (this.refreshedAt.get(key) ?? 0)) {
        void this.remember(key, refresh).catch(() => {});
      }
      return entry.value;
    }
    const inFlight = this.pending.current(key);
    if (inFlight) return inFlight;
    const counted = await capped();
    if (counted <= EXACT_COUNT_LIMIT) return counted;
    return this.remember(key, full);
  }

  private remember(key: string, full: () => Promise<number>): Promise<number> {
    return this.pending.run(key, async () => {
      const token = this.memory.token();
      const started = this.now();
      const value = await full();
      this.memory.set(key, value, token);
      const spacing = Math.max(LARGE_COUNT_REFRESH_MS, (this.now() - started) * RECOUNT_SPACING);
      this.refreshedAt.delete(key);
      this.refreshedAt.set(key, started + spacing);
      if (this.refreshedAt.size > MAX_ENTRIES) this.refreshedAt.delete(this.refreshedAt.keys().next().value as string);
      return value;
    });
  }
}
