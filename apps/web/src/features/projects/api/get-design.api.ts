import { type DesignRow, designEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /projects/designs/{id}: a saved configuration of a model. */
export async function fetchDesign(id: number, signal?: AbortSignal): Promise<DesignRow> {
  return (await call(designEndpoints.get, { params: { id }, signal })).data as DesignRow;
}

export function designQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKey('designs', 'detail', { id }),
    queryFn: ({ signal }) => fetchDesign(id, signal),
  });
}

/** The design `?design=` names; null waits. */
export function useDesign(id: number | null) {
  return useQuery({ ...designQueryOptions(id ?? 0), enabled: id !== null });
}
