import type { User } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/http-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type AutodeskAccount = Pick<User, 'autodesk_connected' | 'autodesk_scope_outdated'>;

const AUTODESK_FIELDS = 'autodesk_connected,autodesk_scope_outdated';

/** GET /my-account, only the Autodesk flags. */
export async function fetchAutodeskAccount(signal?: AbortSignal): Promise<AutodeskAccount> {
  const body = await api.get<{ data: AutodeskAccount }>('/my-account', {
    query: { included_fields: AUTODESK_FIELDS },
    signal,
  });
  return body.data;
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
