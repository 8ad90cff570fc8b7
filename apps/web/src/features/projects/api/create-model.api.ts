import { type BodyOf, projectModelEndpoints } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { useRefreshModels } from './refresh-models.hook.ts';

export type ModelCreate = BodyOf<typeof projectModelEndpoints.create>;

/** POST /projects/models: a model of a project from a finished upload; processing is queued. */
export async function createModel(body: ModelCreate) {
  return (await call(projectModelEndpoints.create, { body })).data;
}

export function useCreateModel() {
  const refresh = useRefreshModels();
  return useMutation({ mutationFn: createModel, onSuccess: refresh });
}
