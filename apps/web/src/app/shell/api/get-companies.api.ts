import { type CompanySummary, companyEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /companies: the companies the user may switch to. */
export async function fetchCompanies(signal?: AbortSignal): Promise<CompanySummary[]> {
  const body = await call(companyEndpoints.switchable, { signal });
  return body.data;
}

export const companiesQueryKey = () => queryKey('tenant', 'companies');

export function companiesQueryOptions() {
  return queryOptions({
    queryKey: companiesQueryKey(),
    queryFn: ({ signal }) => fetchCompanies(signal),
    staleTime: 5 * 60_000,
  });
}

/** The tenant switcher's list. */
export function useCompanies() {
  return useQuery(companiesQueryOptions());
}
