import { type BodyOf, projectModelEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type ModelCreate = BodyOf<typeof projectModelEndpoints.create>;
export type ModelUpdate = BodyOf<typeof projectModelEndpoints.update>;

/** POST /projects/models: a model of a project from a finished upload; processing is queued. */
export async function createModel(body: ModelCreate) {
  return (await call(projectModelEndpoints.create, { body })).data;
}

/** PATCH /projects/models/{id}: name, description; `upload_id` replaces the file and reprocesses. */
export async function updateModel(id: number, body: ModelUpdate) {
  return (await call(projectModelEndpoints.update, { params: { id }, body })).data;
}

function useRefreshModels() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: queryKey('models') });
    await client.invalidateQueries({ queryKey: queryKey('projects') });
  };
}

export function useCreateModel() {
  const refresh = useRefreshModels();
  return useMutation({ mutationFn: createModel, onSuccess: refresh });
}

export function useUpdateModel(id: number) {
  const refresh = useRefreshModels();
  return useMutation({ mutationFn: (body: ModelUpdate) => updateModel(id, body), onSuccess: refresh });
}
