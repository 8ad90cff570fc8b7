import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
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

/*
 * The grant of the account in the company the query runs for: row-level security limits
 * autodesk_grants to that company (in a cross-company list: any of them).
 */
const grantOfAccount = sql`from ${autodeskGrants} where ${autodeskGrants.accountId} = ${accounts.id}`;

/** `autodesk_connected` and `autodesk_scope_outdated` of a user (administration.md §3), from the stored grant. */
export const autodeskUserFields: Record<'autodesk_connected' | 'autodesk_scope_outdated', ListField> = {
  autodesk_connected: { select: sql<boolean>`exists (select 1 ${grantOfAccount})` },
  autodesk_scope_outdated: {
    select: sql<boolean>`exists (select 1 ${grantOfAccount} and not (string_to_array(${autodeskGrants.scope}, ' ') @> ${requiredScopesSql}))`,
  },
};
