import { type BodyOf, projectModelEndpoints } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { useRefreshModels } from './refresh-models.hook.ts';

export type ModelUpdate = BodyOf<typeof projectModelEndpoints.update>;

/** PATCH /projects/models/{id}: name, description; `upload_id` replaces the file and reprocesses. */
export async function updateModel(id: number, body: ModelUpdate) {
  return (await call(projectModelEndpoints.update, { params: { id }, body })).data;
}

export function useUpdateModel(id: number) {
  const refresh = useRefreshModels();
  return useMutation({ mutationFn: (body: ModelUpdate) => updateModel(id, body), onSuccess: refresh });
}
