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
 * A company's search results per category and term (decision 0029). They are the same for
 * every member (row-level security is by company; a member's abilities only choose the
 * categories), and each is kept until its own tables change: a save of a library item no
 * longer sends the other eleven categories back to the database, as the per-person response
 * cache, which drops the whole answer on a change of any of its 13 tables, did.
 */
export class SearchResultsMemory {
  private readonly memory: CompanyKeyedMemory<SearchResult[]>;
  /** `company:account` of this process's writers whose write the feed has not yet been heard to name. */
  private readonly catchingUp = new Map<string, Promise<void>>();

  constructor(private readonly feed?: ListCacheFeed) {
    this.memory = new CompanyKeyedMemory({ maxEntries: 5_000, unfollowedTtlMs: UNFOLLOWED_TTL_MS, feed });
  }

  /**
   * A member of the company has just written through this process. Everyone's results go by
   * the tables the write touched, when the change feed names them (decision 0032); the writer's
   * own next search waits until the feed has caught up with their write (one notification's
   * round trip). Dropping the company's every category on each write, as before, sent nine
   * searches in ten of a busy company back to the database. Without a live feed nothing would
   * name the tables, so the company's results go.
   */
  wrote(companyId: number, accountId: number): void {
    const feed = this.feed;
    if (!feed?.live || !feed.sync) {
      this.memory.forgetCompany(companyId);
      return;
    }
    const key = `${companyId}:${accountId}`;
    const caughtUp: Promise<void> = feed
      .sync()
      .catch(() => this.memory.forgetCompany(companyId))
      .finally(() => {
        if (this.catchingUp.get(key) === caughtUp) this.catchingUp.delete(key);
      });
    this.catchingUp.set(key, caughtUp);
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
    await this.catchingUp.get(`${companyId}:${accountId}`);
    const found: Results = {};
    const keys = new Map(categories.map((category) => [category, this.key(companyId, category, term)]));
    const missing: SearchCategory[] = [];
    for (const [category, key] of keys) {
      const kept = this.memory.get(key);
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
