import type { SearchCategory, SearchResult } from '@meshport/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CompanyKeyedMemory, type ListCacheFeed, queryKey } from '#core/list/list-cache.ts';
import { categoryStatement } from './global-search.query.ts';

type Results = Partial<Record<SearchCategory, SearchResult[]>>;

const dialect = new PgDialect();
/** How long a category's results are trusted without a live change feed. */
const UNFOLLOWED_TTL_MS = 5_000;
/**
 * How long a writer's searches on this process read afresh after their own write: the change
 * feed names the write's tables to every process within milliseconds, this covers its lag.
 */
export const WRITER_READS_AFRESH_MS = 5_000;

/**
 * A company's search results per category and term (decision 0029). They are the same for
 * every member (row-level security is by company; a member's abilities only choose the
 * categories), and each is kept until its own tables change: a save of a library item no
 * longer sends the other eleven categories back to the database, as the per-person response
 * cache, which drops the whole answer on a change of any of its 13 tables, did.
 */
export class SearchResultsMemory {
  private readonly memory: CompanyKeyedMemory<SearchResult[]>;
  /** `company:account` of this process's recent writers, until when they read afresh. */
  private readonly writers = new Map<string, number>();

  constructor(
    private readonly feed?: ListCacheFeed,
    private readonly now: () => number = Date.now,
  ) {
    this.memory = new CompanyKeyedMemory({ maxEntries: 5_000, unfollowedTtlMs: UNFOLLOWED_TTL_MS, feed, now });
  }

  /**
   * A member of the company has just written through this process. Their own next searches
   * read afresh; everyone else's results go by the tables the write touched, when the change
   * feed names them (decision 0032). Dropping the company's every category on each write
   * sent nine searches in ten of a busy company back to the database. Without a live feed
   * nothing would name the tables, so the company's results go.
   */
  wrote(companyId: number, accountId: number): void {
    if (!this.feed?.live) {
      this.memory.forgetCompany(companyId);
      return;
    }
    const now = this.now();
    if (this.writers.size >= 1_000) {
      for (const [writer, until] of this.writers) if (until <= now) this.writers.delete(writer);
    }
    this.writers.set(`${companyId}:${accountId}`, now + WRITER_READS_AFRESH_MS);
  }

  private readsAfresh(companyId: number, accountId: number): boolean {
    const key = `${companyId}:${accountId}`;
    const until = this.writers.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.writers.delete(key);
    return false;
  }

  private key(companyId: number, category: SearchCategory, term: string): string {
    const statement: SQL = categoryStatement(category, companyId, term);
    return queryKey(companyId, { toSQL: () => dialect.sqlToQuery(statement) });
  }

  /** The results of `categories`, from memory where kept, the rest read at once by `read`. */
  async results(
    companyId: number,
    accountId: number,
    term: string,
    categories: SearchCategory[],
    read: (missing: SearchCategory[]) => Promise<Results>,
  ): Promise<Results> {
    const found: Results = {};
    const keys = new Map(categories.map((category) => [category, this.key(companyId, category, term)]));
    const missing: SearchCategory[] = [];
    const afresh = this.readsAfresh(companyId, accountId);
    for (const [category, key] of keys) {
      const kept = afresh ? undefined : this.memory.get(key);
      if (kept && !kept.expired) found[category] = kept.value;
      else missing.push(category);
    }
    if (missing.length) {
      const token = this.memory.token();
      const fresh = await read(missing);
      for (const category of missing) {
        const rows = fresh[category] ?? [];
        found[category] = rows;
        this.memory.set(keys.get(category) as string, rows, token);
      }
    }
    return Object.fromEntries(categories.map((category) => [category, found[category] ?? []]));
  }
}
