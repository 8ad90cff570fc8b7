import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import type { ParsedListQuery } from './list-query.ts';
import type { ListResource } from './list-resource.ts';

/** The table of totals kept on write (migration 0018, docs/decisions/0028). */
export const LIST_TOTALS_TABLE = 'list_totals';

/** What a kept total answers: the rows of a table in or out of the bin, of some statuses or all. */
export interface KeptTotalQuestion {
  table: string;
  trashed: boolean;
  statuses: string[] | null;
}

/**
 * The kept total that answers this query, if one does: a list whose resource keeps totals,
 * unfiltered or filtered by status only, with nothing else narrowing it. Any other filter
 * (a search, a library) is counted as before (list-count.ts).
 */
export function keptTotalQuestion(
  resource: ListResource,
  query: ParsedListQuery,
  extraWhere: SQL | undefined,
): KeptTotalQuestion | null {
  const kept = resource.keptTotals;
  if (!kept || extraWhere || resource.baseWhere || !resource.deletedAt) return null;
  let statuses: string[] | null = null;
  for (const filter of query.filters) {
    if (filter.name !== kept.statusFilter || !Array.isArray(filter.value)) return null;
    statuses = filter.value.map(String);
  }
  return { table: getTableName(resource.table), trashed: query.trashed, statuses };
}

/** The total from the kept rows, in the request's transaction (row-level security applies). */
export async function keptTotal(db: Db, companyId: number, question: KeptTotalQuestion): Promise<number> {
  const statuses = question.statuses
    ? sql` and status in (${sql.join(
        question.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n from list_totals
      where company_id = ${companyId} and list_table = ${question.table} and trashed = ${question.trashed}${statuses}`,
  );
  return row?.n ?? 0;
}
