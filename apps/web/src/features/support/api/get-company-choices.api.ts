import { companyEndpoints, MAX_PER_PAGE } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import type { FilterOption } from '@/shared/resource-list/index.ts';

/** Every company, by name, as filter options of the admin report lists. */
export function useCompanyChoices() {
  return useQuery({
    queryKey: queryKey('tenant', 'admin-choices'),
    queryFn: async ({ signal }): Promise<FilterOption[]> =>
      (
        await call(companyEndpoints.adminList, {
          query: { per_page: MAX_PER_PAGE, sort: 'name', included_fields: ['id', 'name'] },
          signal,
        })
      ).data.map((company) => ({ value: String(company.id), label: company.name })),
  });
}
