import { type ChangelogItem, changelogEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /admin/changelog-items/{id}; `id` null waits. */
export function useChangelogItem(id: number | null) {
  return useQuery({
    queryKey: queryKey('changelog', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(changelogEndpoints.get, { params: { id: id ?? 0 }, signal })).data as ChangelogItem,
    enabled: id !== null,
  });
}
