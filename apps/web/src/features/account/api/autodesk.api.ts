import { autodeskEndpoints, companyEndpoints, type User, userEndpoints } from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type AutodeskStatus = Pick<User, 'autodesk_connected' | 'autodesk_scope_outdated'>;

const STATUS_FIELDS = 'autodesk_connected,autodesk_scope_outdated';

/** GET /my-account, only the Autodesk flags; a key under the signed-in user's own record (`session`, `me`). */
export function useAutodeskStatus() {
  return useQuery({
    queryKey: queryKey('session', 'me', { fields: STATUS_FIELDS }),
    queryFn: async ({ signal }): Promise<AutodeskStatus> =>
      (await call(userEndpoints.myAccount, { query: { included_fields: STATUS_FIELDS }, signal })).data,
  });
}

/** GET /companies/my-company's `autodesk_integration`: the card is hidden when it is 'no'. */
export function useAutodeskIntegration() {
  return useQuery({
    queryKey: queryKey('tenant', 'my-company'),
    queryFn: async ({ signal }) => (await call(companyEndpoints.myCompany, { signal })).data,
    select: (company) => company.autodesk_integration,
  });
}

/** POST /autodesk/oauth/login: the provider's address to send the browser to. */
export function useAutodeskLogin() {
  return useMutation({
    mutationFn: async (redirectUrl: string) =>
      (await call(autodeskEndpoints.login, { body: { redirect_url: redirectUrl } })).redirect_url,
  });
}

/** POST /autodesk/oauth/logout; the account's flags (card, dashboard, My Account) refresh after it. */
export function useAutodeskLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(autodeskEndpoints.logout, {}),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKey('session', 'me') }),
        client.invalidateQueries({ queryKey: queryKey('users') }),
      ]);
    },
  });
}
