import { type Material, materialEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** GET /materials/{name}: one material, by its (URL-encoded) name. */
export async function fetchMaterial(name: string, signal?: AbortSignal): Promise<Material> {
  const body = await call(materialEndpoints.get, { params: { name }, signal });
  return body.data;
}

export const materialQueryKey = (name: string) => queryKey('materials', 'detail', name);

export function materialQueryOptions(name: string) {
  return queryOptions({
    queryKey: materialQueryKey(name),
    queryFn: ({ signal }) => fetchMaterial(name, signal),
  });
}

export function useMaterial(name: string) {
  return useQuery(materialQueryOptions(name));
}
