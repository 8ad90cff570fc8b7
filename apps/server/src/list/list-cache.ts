/** What the list caches (large totals, page anchors) share. */

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
