import { projectModelEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api-client.ts';
import { queryKey } from '../../query-keys.ts';

/** DELETE /projects/models/{id}: the model goes to the recycling bin; answers `{model_name, status}`. */
export function deleteModel(id: number) {
  return call(projectModelEndpoints.delete, { params: { id } });
}

/** Refreshes the models and the projects (which count them). */
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
