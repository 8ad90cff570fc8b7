import type { CompanySummary, MyCompany, PublicCompany } from '@meshport/contract';
import { api } from '../../lib/api/http-client.ts';

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

export async function fetchMyCompany(signal?: AbortSignal): Promise<MyCompany> {
  const body = await api.get<{ data: MyCompany }>('/companies/my-company', { signal });
  return body.data;
}

export async function fetchCompanies(signal?: AbortSignal): Promise<CompanySummary[]> {
  const body = await api.get<{ data: CompanySummary[] }>('/companies', { signal });
  return body.data;
}
