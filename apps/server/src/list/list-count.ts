import { InFlight } from './list-cache.ts';

/**
 * Totals of lists (docs/decisions/0010). Up to EXACT_COUNT_LIMIT matching rows, the total is
 * counted exactly in the request's transaction (it reads at most that many index entries).
 * Above it, counting every row on each request would cost more than the page itself (a
 * count of 1M rows takes ~100 ms), so the exact total is computed once per list and filter
 * and served from memory for LARGE_COUNT_TTL_MS, refreshed in the background after that:
 * a large total may lag behind changes by that long.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const LARGE_COUNT_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  value: number;
  expires: number;
}

export class LargeCounts {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new InFlight<number>();

  constructor(private readonly now: () => number = Date.now) {}

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
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.expires <= this.now() && !this.pending.current(key)) void this.remember(key, refresh).catch(() => {});
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
      const value = await full();
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expires: this.now() + LARGE_COUNT_TTL_MS });
      return value;
    });
  }
}
