import { companyEndpoints, type PublicCompany } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

// The tenant's boot calls run before the signed-in frame (and its query client) exists: plain
// calls without query keys, which keeps the query library out of the login route's budget.

export async function fetchPublicCompany(subdomain: string, signal?: AbortSignal): Promise<PublicCompany> {
  const body = await callWithoutSignOut(companyEndpoints.public, { params: { subdomain }, signal });
  return body.data;
}
