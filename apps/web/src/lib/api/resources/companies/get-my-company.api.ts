import { companyEndpoints, type MyCompany } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api-client.ts';
import { queryKey } from '../../query-keys.ts';

/** GET /companies/my-company: the company of this host with its details, colours, demo model and Autodesk integration. */
export async function fetchMyCompany(signal?: AbortSignal): Promise<MyCompany> {
  const body = await call(companyEndpoints.myCompany, { signal });
  return body.data;
}

export const myCompanyQueryKey = () => queryKey('tenant', 'my-company');

export function myCompanyQueryOptions() {
  return queryOptions({
    queryKey: myCompanyQueryKey(),
    queryFn: ({ signal }) => fetchMyCompany(signal),
  });
}

export function useMyCompany() {
  return useQuery(myCompanyQueryOptions());
}
