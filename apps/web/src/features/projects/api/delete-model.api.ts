import { projectModelEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** DELETE /projects/models/{id}: the model goes to the recycling bin. */
export async function deleteModel(id: number) {
  return call(projectModelEndpoints.delete, { params: { id } });
}

/** POST /projects/models/{id}/restore: back from the recycling bin. */
export async function restoreModel(id: number) {
  return call(projectModelEndpoints.restore, { params: { id } });
}

export function useDeleteModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKey('models') });
      await client.invalidateQueries({ queryKey: queryKey('projects') });
    },
  });
}
