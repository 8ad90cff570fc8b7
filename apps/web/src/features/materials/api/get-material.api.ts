import { type AnswerOf, type Material, type MaterialMapKind, materialEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** A material with the addresses of its PBR maps (optional: records made elsewhere may lack them). */
export type MaterialRecord = Material & { maps?: Partial<Record<MaterialMapKind, string>> };

/** One material as GET /materials/{name} answers it: with `maps` and `inherited_maps` (a variant's from its base). */
export type MaterialDetail = AnswerOf<typeof materialEndpoints.get>['data'];

/** GET /materials/{name}: one material, by its (URL-encoded) name. */
export async function fetchMaterial(name: string, signal?: AbortSignal): Promise<MaterialDetail> {
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

export function useMaterial(name: string, enabled = true) {
  return useQuery({ ...materialQueryOptions(name), enabled: enabled && name !== '' });
}
