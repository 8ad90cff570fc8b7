/** What the list caches (large totals, page anchors) share. */
import type { Change } from '#core/db/change-feed.ts';
import { tablesReadBy } from '#core/http/response-cache-reads.ts';

/**
 * One run per key at a time: callers asking for a key whose work is still running share its
 * promise instead of starting the same work again (counts, anchors).
 */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** The key's running work, if any. */
  current(key: string): Promise<T> | undefined {
    return this.running.get(key);
  }

  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const promise = work().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }
}

/** A cache key for the rows a query reads in one company: its SQL text and parameters. */
export function queryKey(companyId: number | null, query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql, params } = query.toSQL();
  return `${companyId}\u0000${sql}\u0000${JSON.stringify(params)}`;
}

/** What the list caches hear from the change feed (docs/decisions/0012). */
export interface ListCacheFeed {
  readonly live: boolean;
  subscribe(listener: (change: Change) => void): () => void;
  /** Resolves once every change committed before the call has been heard. */
  sync?(): Promise<void>;
}

/** How long a list cache trusts what it read while the feed tells it of every change. */
export const FOLLOWED_TTL_MS = 10 * 60_000;

/**
 * Entries by `queryKey`, at most `maxEntries`, oldest dropped first. With a live change feed,
 * a change in a company drops that company's entries (the key starts with its id), so they
 * can be trusted for FOLLOWED_TTL_MS; without one, for `unfollowedTtlMs` only. Work that
 * started before a change does not store what it read.
 */
export class CompanyKeyedMemory<V> {
  private readonly entries = new Map<string, { value: V; expires: number; tables: ReadonlySet<string> }>();
  /** Changes heard so far; `changedAt` remembers the count at the last change of each scope. */
  private changeCount = 0;
  private readonly changedAt = new Map<string, number>();

  constructor(
    private readonly options: {
      maxEntries: number;
      unfollowedTtlMs: number;
      feed?: ListCacheFeed;
      now?: () => number;
      /**
       * 'drop' (default): a change of what an entry read removes it. 'expire': the entry stays,
       * past its time, for the caller to serve while it works out the new value (large totals).
       */
      onChange?: 'drop' | 'expire';
    },
  ) {
    options.feed?.subscribe((change) => {
      if (change.kind === 'sessions') return;
      const count = ++this.changeCount;
      // A change names its table (docs/decisions/0021): only what read that table goes.
      const company = change.kind === 'all' ? '*' : String(change.companyId);
      this.changedAt.set(`${company}\u0000${change.table ?? '*'}`, count);
      for (const [key, entry] of this.entries) {
        const inCompany = change.kind === 'all' || key.startsWith(`${company}\u0000`);
        if (!inCompany || (change.table !== undefined && !entry.tables.has(change.table))) continue;
        if (this.options.onChange === 'expire') entry.expires = 0;
        else this.entries.delete(key);
      }
    });
  }

  /** Whether a change since `token` touched what `key` reads. */
  private changedSince(key: string, tables: ReadonlySet<string>, token: number): boolean {
    const company = key.slice(0, key.indexOf('\u0000'));
    const after = (scope: string) => (this.changedAt.get(scope) ?? 0) > token;
    if (after('*\u0000*') || after(`${company}\u0000*`)) return true;
    for (const table of tables) if (after(`*\u0000${table}`) || after(`${company}\u0000${table}`)) return true;
    return false;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The entry, and whether it is past its time (the caller may still use it while refreshing). */
  get(key: string): { value: V; expired: boolean } | undefined {
    const entry = this.entries.get(key);
    return entry && { value: entry.value, expired: entry.expires <= this.now() };
  }

  /** Drops every entry of a company, and marks it changed for work still reading it. */
  forgetCompany(companyId: number): void {
    const count = ++this.changeCount;
    this.changedAt.set(`${companyId}\u0000*`, count);
    for (const key of this.entries.keys()) if (key.startsWith(`${companyId}\u0000`)) this.entries.delete(key);
  }

  /** A token to hand to `set` once the work that reads the value is done. */
  token(): number {
    return this.changeCount;
  }

  set(key: string, value: V, token: number): void {
    const tables = tablesReadBy(key).tables;
    const changed = this.changedSince(key, tables, token);
    // Read while it changed: dropped, or (expire) kept as already past its time.
    if (changed && this.options.onChange !== 'expire') return;
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    const ttl = this.options.feed?.live ? FOLLOWED_TTL_MS : this.options.unfollowedTtlMs;
    this.entries.set(key, { value, expires: changed ? 0 : this.now() + ttl, tables });
  }
}
