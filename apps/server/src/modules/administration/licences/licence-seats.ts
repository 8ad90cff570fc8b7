import type { Licence } from '@meshport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { membershipLicences } from '#core/auth/account.table.ts';
import { type Db, queryRows } from '#core/db/database.ts';

/** First key of the advisory lock that serialises licence changes per company (the second is the company id). */
const SEAT_LOCK = 17_001;

export const LICENCE_NOT_BOUGHT = (licence: string) => `No ${licence} licences were bought.`;
export const LICENCE_ALL_USED = (licence: string, bought: number) => `All ${bought} ${licence} licences are in use.`;
export const HATCH_NEEDS_DESIGN_AND_SALES = 'The hatch licence needs the design_and_sales licence.';

/**
 * Gives the member exactly `wanted` (administration.md §4): hatch needs design_and_sales, a
 * licence none were bought of cannot be given, and a newly given one needs a free seat. Licence
 * changes of one company wait for each other (an advisory lock held until the transaction ends),
 * so parallel saves cannot both take the last seat. Errors are returned for the `licenses` field.
 */
export async function setMemberLicences(
  tx: Db,
  companyId: number,
  accountId: number,
  wanted: readonly Licence[],
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK}::int, ${companyId}::int)`);
  const seats = await queryRows<{ licence: string; bought: number; used: number; held: boolean }>(
    tx,
    sql`select l.key as licence,
          coalesce((select bought from company_licences cl where cl.company_id = ${companyId} and cl.licence_key = l.key), 0)::int as bought,
          (select count(*) from membership_licences ml where ml.company_id = ${companyId} and ml.licence_key = l.key and ml.account_id <> ${accountId})::int as used,
          exists (select 1 from membership_licences ml where ml.company_id = ${companyId} and ml.licence_key = l.key and ml.account_id = ${accountId}) as held
        from licences l`,
  );
  const byKey = new Map(seats.map((seat) => [seat.licence, seat]));
  const errors: string[] = [];
  if (wanted.includes('hatch') && !wanted.includes('design_and_sales')) errors.push(HATCH_NEEDS_DESIGN_AND_SALES);
  for (const licence of wanted) {
    const seat = byKey.get(licence);
    if (!seat || seat.held) continue;
    if (seat.bought === 0) errors.push(LICENCE_NOT_BOUGHT(licence));
    else if (seat.used >= seat.bought) errors.push(LICENCE_ALL_USED(licence, seat.bought));
  }
  if (errors.length > 0) return errors;
  await tx
    .delete(membershipLicences)
    .where(and(eq(membershipLicences.companyId, companyId), eq(membershipLicences.accountId, accountId)));
  if (wanted.length > 0) {
    await tx.insert(membershipLicences).values(wanted.map((licenceKey) => ({ companyId, accountId, licenceKey })));
  }
  return [];
}
