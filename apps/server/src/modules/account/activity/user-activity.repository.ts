import { sql } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';

/**
 * Adds an entry to a member's activity timeline. Nothing is written when the account is
 * not a member of the company (a platform admin visiting another tenant).
 */
export async function recordActivity(
  database: Database,
  scope: { companyId: number; accountId: number },
  action: string,
): Promise<void> {
  await database.tenant(scope, (tx) =>
    tx.execute(
      sql`insert into user_activity (company_id, account_id, action)
          select company_id, account_id, ${action} from memberships
          where company_id = ${scope.companyId} and account_id = ${scope.accountId}`,
    ),
  );
}
