import { companyEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import type { AdminCompanyFormValues } from '../logic/admin-company-form.logic.ts';

/** POST /admin/companies (provisions it and invites the first administrator) or PATCH /admin/companies/{id}. */
export function useSaveAdminCompany(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: AdminCompanyFormValues) => {
      const licences = values.licences;
      if (id === null) {
        const { name, sub_domain, admin_name, admin_email } = values;
        return (
          await call(companyEndpoints.adminCreate, { body: { name, sub_domain, licences, admin_name, admin_email } })
        ).data;
      }
      const body = { name: values.name, sub_domain: values.sub_domain, licences };
      return (await call(companyEndpoints.adminUpdate, { params: { id }, body })).data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('tenant') }),
  });
}
