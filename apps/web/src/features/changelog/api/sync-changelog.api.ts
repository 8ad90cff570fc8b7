import { changelogEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** PATCH /admin/changelog-items/sync; answers the environment and how many items it dated. */
export function useSyncChangelog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(changelogEndpoints.sync, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('changelog') }),
  });
}
