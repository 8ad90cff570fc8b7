import { companyEndpoints, type MyCompany } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { myCompanyQueryKey } from '@/lib/api/resources/companies/get-my-company.api.ts';
import { type FormValue, toFormData } from '@/shared/forms/index.ts';

/** POST /companies/my-company as multipart with `_method=PATCH` (administration.md §7); answers the updated tenant. */
export function useSaveMyCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, FormValue>): Promise<MyCompany> =>
      (await call(companyEndpoints.update, { body: toFormData(body, { method: 'PATCH' }) })).data,
    onSuccess: (company) => client.setQueryData(myCompanyQueryKey(), company),
  });
}
