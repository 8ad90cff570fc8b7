import type { PublicCompany } from '@meshport/contract';
import { api } from '../../../lib/api/http-client.ts';

// The tenant's boot calls run before the signed-in frame (and its query client) exists: plain
// calls without query keys, which keeps the query library out of the login route's budget.

export interface ServerConfig {
  base_domain: string;
  environment: string;
}

export async function fetchServerConfig(signal?: AbortSignal): Promise<ServerConfig> {
  const body = await api.get<{ data: ServerConfig }>('/config', { signal });
  return body.data;
}

export async function fetchPublicCompany(subdomain: string, signal?: AbortSignal): Promise<PublicCompany> {
  const body = await api.get<{ data: PublicCompany }>(`/companies/${encodeURIComponent(subdomain)}`, {
    signal,
    handleUnauthorized: false,
  });
  return body.data;
}
