import { configEndpoints, type PublicConfig } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

// The tenant's boot calls run before the signed-in frame (and its query client) exists: plain
// calls without query keys, which keeps the query library out of the login route's budget.

export async function fetchServerConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await call(configEndpoints.get, { signal });
  return body.data;
}
