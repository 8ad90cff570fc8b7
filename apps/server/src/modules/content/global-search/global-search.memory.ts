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

  constructor(feed?: ListCacheFeed) {
    this.memory = new CompanyKeyedMemory({ maxEntries: 5_000, unfollowedTtlMs: UNFOLLOWED_TTL_MS, feed });
  }

  /** Drops a company's results: it has just written (this process need not wait for the feed). */
  forgetCompany(companyId: number): void {
    this.memory.forgetCompany(companyId);
  }

  private key(companyId: number, category: SearchCategory, term: string): string {
    const statement: SQL = categoryStatement(category, companyId, term);
    return queryKey(companyId, { toSQL: () => dialect.sqlToQuery(statement) });
  }

  /** The results of `categories`, from memory where kept, the rest read at once by `read`. */
  async results(
    companyId: number,
    term: string,
    categories: SearchCategory[],
    read: (missing: SearchCategory[]) => Promise<Results>,
  ): Promise<Results> {
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
