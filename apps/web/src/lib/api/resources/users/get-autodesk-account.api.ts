import type { User } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '../../query-keys.ts';
import { fetchMyAccount } from './get-my-account.api.ts';

export type AutodeskAccount = Pick<User, 'autodesk_connected' | 'autodesk_scope_outdated'>;

const AUTODESK_FIELDS = 'autodesk_connected,autodesk_scope_outdated';

/** GET /my-account, only the Autodesk flags. */
export async function fetchAutodeskAccount(signal?: AbortSignal): Promise<AutodeskAccount> {
  return fetchMyAccount({ included_fields: AUTODESK_FIELDS }, signal);
}

/** The signed-in user's own record (GET /my-account) is `['session', 'me', …]`. */
export const autodeskAccountQueryKey = () => queryKey('session', 'me', { fields: AUTODESK_FIELDS });

export function autodeskAccountQueryOptions() {
  return queryOptions({
    queryKey: autodeskAccountQueryKey(),
    queryFn: ({ signal }) => fetchAutodeskAccount(signal),
  });
}

export function useAutodeskAccount() {
  return useQuery(autodeskAccountQueryOptions());
}
