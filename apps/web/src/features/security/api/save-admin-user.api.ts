import { type BodyOf, userEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type AdminUserSave = BodyOf<typeof userEndpoints.adminCreate>;

/** POST /admin/users, or PATCH /admin/users/{id}. */
export function useSaveAdminUser(id: number | null) {
  return useSave(['users'], async (body: AdminUserSave) =>
    id === null
      ? (await call(userEndpoints.adminCreate, { body })).data
      : (await call(userEndpoints.adminUpdate, { params: { id }, body })).data,
  );
}
