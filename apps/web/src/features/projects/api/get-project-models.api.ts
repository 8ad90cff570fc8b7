import type { ProjectModel } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchModels } from '@/lib/api/resources/models/list-models.api.ts';

/** Most models a project's overview lists. */
export const PROJECT_MODELS_SHOWN = 100;

export type ProjectModelRow = Pick<
  ProjectModel,
  'id' | 'name' | 'status' | 'status_color' | 'preview_image_url' | 'uploader_name' | 'updated_at'
>;

/** GET /projects/models?filter[project]={id}: the project's models, newest first. */
export async function fetchProjectModels(projectId: number, signal?: AbortSignal): Promise<ProjectModelRow[]> {
  const body = await fetchModels(
    {
      filter: { project: String(projectId) },
      per_page: PROJECT_MODELS_SHOWN,
      sort: '-created_at',
      included_fields: ['id', 'name', 'status', 'status_color', 'preview_image_url', 'uploader_name', 'updated_at'],
    },
    signal,
  );
  // `status` is the text unless `status.finished` is asked for, which this call does not.
  return body.data.map((row) => ({ ...row, status: typeof row.status === 'string' ? row.status : 'FINISHED' }));
}

export function projectModelsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: queryKey('models', 'of-project', { projectId }),
    queryFn: ({ signal }) => fetchProjectModels(projectId, signal),
  });
}

/** The models of a project; `projectId` null waits. */
export function useProjectModels(projectId: number | null, enabled = true) {
  return useQuery({ ...projectModelsQueryOptions(projectId ?? 0), enabled: enabled && projectId !== null });
}
