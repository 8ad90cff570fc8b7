import { companyEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

/** DELETE /admin/companies/{id}: answers the company's name and status for the banner. */
export function deleteAdminCompany(id: number) {
  return call(companyEndpoints.adminDelete, { params: { id } });
}
