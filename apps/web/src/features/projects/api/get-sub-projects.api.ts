import type { Project } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchProjects } from '@/lib/api/resources/projects/list-projects.api.ts';

/** Most sub-projects an overview lists (the list engine's page cap). */
export const SUB_PROJECTS_SHOWN = 100;

export type SubProject = Pick<Project, 'id' | 'name' | 'description' | 'status' | 'status_color' | 'updated_at'>;

/** GET /projects?filter[parent_id]={id}: the direct sub-projects, by name. */
export async function fetchSubProjects(parentId: number, signal?: AbortSignal): Promise<SubProject[]> {
  const body = await fetchProjects(
    {
      filter: { parent_id: String(parentId) },
      per_page: SUB_PROJECTS_SHOWN,
      sort: 'name',
      included_fields: ['id', 'name', 'description', 'status', 'status_color', 'updated_at'],
      favorites_first: '0',
    },
    signal,
  );
  return body.data;
}

export function subProjectsQueryOptions(parentId: number) {
  return queryOptions({
    queryKey: queryKey('projects', 'children', { parentId }),
    queryFn: ({ signal }) => fetchSubProjects(parentId, signal),
  });
}

export function useSubProjects(parentId: number | null) {
  return useQuery({ ...subProjectsQueryOptions(parentId ?? 0), enabled: parentId !== null });
}
