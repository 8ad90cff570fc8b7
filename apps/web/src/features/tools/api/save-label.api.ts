import { type BodyOf, labelEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type LabelSave = BodyOf<typeof labelEndpoints.create>;

/** POST /labels, or PATCH /labels/{id}; projects and libraries show labels too. */
export function useSaveLabel(id: number | null) {
  return useSave(['labels', 'projects', 'libraries'], async (body: LabelSave) =>
    id === null
      ? (await call(labelEndpoints.create, { body })).data
      : (await call(labelEndpoints.update, { params: { id }, body })).data,
  );
}
