import { companyEndpoints, configEndpoints, type PublicCompany, type PublicConfig } from '@meshport/contract';
import { call, callWithoutSignOut } from '../../../lib/api/api-client.ts';

// The tenant's boot calls run before the signed-in frame (and its query client) exists: plain
// calls without query keys, which keeps the query library out of the login route's budget.

export async function fetchServerConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await call(configEndpoints.get, { signal });
  return body.data;
}

export async function fetchPublicCompany(subdomain: string, signal?: AbortSignal): Promise<PublicCompany> {
  const body = await callWithoutSignOut(companyEndpoints.public, { params: { subdomain }, signal });
  return body.data;
}
