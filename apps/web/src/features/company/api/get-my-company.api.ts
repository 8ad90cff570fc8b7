import { companyEndpoints, type MyCompany } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export const myCompanyQueryKey = queryKey('tenant', 'my-company');

/** GET /companies/my-company: the company of this host with its details, colours and demo model. */
export function useMyCompany() {
  return useQuery({
    queryKey: myCompanyQueryKey,
    queryFn: async ({ signal }): Promise<MyCompany> => (await call(companyEndpoints.myCompany, { signal })).data,
  });
}
