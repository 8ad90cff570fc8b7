import { type BodyOf, groupEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type GroupSave = BodyOf<typeof groupEndpoints.create>;

/** POST /groups, or PATCH /groups/{id}; users show their groups. */
export function useSaveGroup(id: number | null) {
  return useSave(['groups', 'users'], async (body: GroupSave) =>
    id === null
      ? (await call(groupEndpoints.create, { body })).data
      : (await call(groupEndpoints.update, { params: { id }, body })).data,
  );
}
