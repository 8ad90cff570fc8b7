import { type ProjectModel, projectModelEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** GET /projects/models/{id}. */
export async function fetchModel(id: number, signal?: AbortSignal): Promise<ProjectModel> {
  const body = await call(projectModelEndpoints.get, { params: { id }, signal });
  const { status } = body.data;
  return { ...body.data, status: typeof status === 'string' ? status : 'FINISHED' };
}

export function modelQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKey('models', 'detail', { id }),
    queryFn: ({ signal }) => fetchModel(id, signal),
  });
}

export function useModel(id: number, enabled = true) {
  return useQuery({ ...modelQueryOptions(id), enabled });
}
