import { MAX_PER_PAGE, userEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import type { FilterOption } from '@/shared/resource-list/index.ts';

/** Platform accounts, by name, as the feedback list's user filter. */
export function useUserChoices() {
  return useQuery({
    queryKey: queryKey('users', 'admin-choices'),
    queryFn: async ({ signal }): Promise<FilterOption[]> =>
      (
        await call(userEndpoints.adminList, {
          query: { per_page: MAX_PER_PAGE, sort: 'name', included_fields: ['id', 'name', 'email'] },
          signal,
        })
      ).data.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` })),
  });
}
