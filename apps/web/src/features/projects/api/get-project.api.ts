import { type Project, projectEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /projects/{id}: the project with its labels and members. */
export async function fetchProject(id: number, signal?: AbortSignal): Promise<Project> {
  const body = await call(projectEndpoints.get, { params: { id }, signal });
  return body.data;
}

export const projectQueryKey = (id: number) => queryKey('projects', 'detail', { id });

export function projectQueryOptions(id: number) {
  return queryOptions({ queryKey: projectQueryKey(id), queryFn: ({ signal }) => fetchProject(id, signal) });
}

/** One project; `id` null waits. */
export function useProject(id: number | null) {
  return useQuery({ ...projectQueryOptions(id ?? 0), enabled: id !== null });
}
