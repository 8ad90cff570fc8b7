import { autodeskEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

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
