import { projectEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** DELETE /projects/{id}: the project and its sub-projects go to the recycling bin. */
export async function deleteProject(id: number) {
  return call(projectEndpoints.delete, { params: { id } });
}

/** Refreshes every project answer, and the models (theirs went along). */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKey('projects') });
      await client.invalidateQueries({ queryKey: queryKey('models') });
    },
  });
}
