import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { accounts, memberships } from '#core/auth/account.table.ts';
import type { ListField } from '#core/list/list-resource.ts';
import { autodeskGrants } from './autodesk.table.ts';

/**
 * The scopes this process asks Autodesk for (AUTODESK_SCOPES), set when the routes are built.
 * Read when each query is built, so `autodesk_scope_outdated` follows the configuration.
 */
let requiredScopes: readonly string[] = [];

export function setRequiredAutodeskScopes(scopes: readonly string[]): void {
  requiredScopes = [...scopes];
}

const requiredScopesSql: SQLWrapper = {
  getSQL: (): SQL => sql`${`{${requiredScopes.map((scope) => `"${scope}"`).join(',')}}`}::text[]`,
};

/** `autodesk_connected` and `autodesk_scope_outdated` of a user (administration.md §3), from the grant `from` finds. */
function autodeskFields(from: SQL): Record<'autodesk_connected' | 'autodesk_scope_outdated', ListField> {
  return {
    autodesk_connected: { select: sql<boolean>`exists (select 1 ${from})` },
    autodesk_scope_outdated: {
      select: sql<boolean>`exists (select 1 ${from} and not (string_to_array(${autodeskGrants.scope}, ' ') @> ${requiredScopesSql}))`,
    },
  };
}

/**
 * A member's grant in the membership's company. The key names the company, not only row-level
 * security: under Citus a subquery is correlated on company_id or not at all (docs/scale.md).
 */
export const autodeskMemberFields = autodeskFields(
  sql`from ${autodeskGrants} where ${autodeskGrants.companyId} = ${memberships.companyId} and ${autodeskGrants.accountId} = ${memberships.accountId}`,
);

/** An account's grant in any company (the platform admins' cross-company list). */
export const autodeskAccountFields = autodeskFields(
  sql`from ${autodeskGrants} where ${autodeskGrants.accountId} = ${accounts.id}`,
);
