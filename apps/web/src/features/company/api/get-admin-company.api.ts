import { companyEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

const adminCompanyKey = (id: number) => queryKey('tenant', 'admin-company', { id });

/** GET /admin/companies/{id}: one company with its bought seats; `id` null waits. */
export function useAdminCompany(id: number | null) {
  return useQuery({
    queryKey: adminCompanyKey(id ?? 0),
    queryFn: async ({ signal }) => (await call(companyEndpoints.adminGet, { params: { id: id ?? 0 }, signal })).data,
    enabled: id !== null,
  });
}
