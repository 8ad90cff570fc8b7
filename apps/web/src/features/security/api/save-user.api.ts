import { type BodyOf, userEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type UserSave = BodyOf<typeof userEndpoints.create>;

/** POST /users, or PATCH /users/{id}. Groups list their members, so they refresh too. */
export function useSaveUser(id: number | null) {
  return useSave(['users', 'groups'], async (body: UserSave) =>
    id === null
      ? (await call(userEndpoints.create, { body })).data
      : (await call(userEndpoints.update, { params: { id }, body })).data,
  );
}
