import { desc, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import type { ListTotal } from './list-count.ts';
import type { ListResource } from './list-resource.ts';
import { fromResource, literal } from './list-sql.ts';
import type { KeptTotalQuestion } from './list-totals.ts';

/** A list's scattered filters (its search) apart from its other conditions. */
export interface SearchParts {
  /** Every condition of the list but the search. */
  base: SQL | undefined;
  /** The search's own condition. */
  hit: SQL;
  /** The kept total of the list without the search, when one answers it. */
  kept: KeptTotalQuestion | null;
}

export const exact = (count: number): ListTotal => ({ count, estimated: false });

/**
 * Rows of the unsearched list that the estimate looks at: ±1.4 % of the list at worst (a term
 * matching half of it), within the two digits an estimate shows. Each is a row read from the
 * table (46–75 ms for 10,000 materials, decision 0030).
 */
export const ESTIMATE_SAMPLE_ROWS = 5_000;
/**
 * A sample estimating at least this many matches skips the capped count (which reads up to
 * 10,001 matches): in a million rows that is 100 hits of ESTIMATE_SAMPLE_ROWS, where a search
 * of at most 10,000 matches shows 50 on average. It replaces decision 0030's glance of 1,000
 * rows against 30,000, which read the rows of a selective filter (a status: 25,000 of the
 * million items) a second time, and left searches of 10,000–30,000 matches to the capped
 * count (decision 0046).
 */
export const LIKELY_BROAD = 20_000;

/** Two significant digits: an estimate does not pretend to be exact (912,345 → 910,000). */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The matches of a search in its list, estimated from a sample (docs/decisions/0029): the share
 * of matching rows among the newest ESTIMATE_SAMPLE_ROWS of the unsearched list, times that
 * list's total (kept on write for most lists, so not counted). A list smaller than the sample
 * is counted whole, and exactly.
 */
export async function estimateMatches(
  db: Db,
  resource: ListResource,
  search: SearchParts,
  baseTotal: () => Promise<number>,
  rows = ESTIMATE_SAMPLE_ROWS,
): Promise<ListTotal> {
  // The newest rows by id: in no order of what is searched. Without an order the planner walks
  // whichever index is cheapest, the names' (the first 10,000 names all begin with "A").
  const sample = fromResource(db, resource, { hit: sql`(${search.hit})`.as('hit') })
    .where(search.base)
    .orderBy(desc(resource.idColumn))
    .limit(literal(rows));
  const [row] = await queryRows<{ hits: number; seen: number }>(
    db,
    sql`select (count(*) filter (where hit))::int as hits, count(*)::int as seen from (${sample}) sample`,
  );
  const hits = row?.hits ?? 0;
  const seen = row?.seen ?? 0;
  if (seen < rows) return exact(hits);
  return { count: roundEstimate((hits / seen) * (await baseTotal())), estimated: true };
}
