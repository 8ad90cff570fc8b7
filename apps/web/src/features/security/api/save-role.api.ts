import { type BodyOf, roleEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type RoleSave = BodyOf<typeof roleEndpoints.create>;

/** POST /roles, or PATCH /roles/{id}; users show their role. */
export function useSaveRole(id: number | null) {
  return useSave(['roles', 'users'], async (body: RoleSave) =>
    id === null
      ? (await call(roleEndpoints.create, { body })).data
      : (await call(roleEndpoints.update, { params: { id }, body })).data,
  );
}
