import { type ProjectModel, type processingFieldsSchema, projectModelEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** A model with its processing side: figures and downloads (null until there are). */
export type ModelRecord = ProjectModel & z.infer<typeof processingFieldsSchema>;

/** GET /projects/models/{id}. */
export async function fetchModel(id: number, signal?: AbortSignal): Promise<ModelRecord> {
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
