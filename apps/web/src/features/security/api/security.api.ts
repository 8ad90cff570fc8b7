import {
  type BodyOf,
  groupEndpoints,
  invitationEndpoints,
  licenceEndpoints,
  roleEndpoints,
  userEndpoints,
} from '@meshport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { type QueryResource, queryKey } from '../../../lib/api/query-keys.ts';

export type UserSave = BodyOf<typeof userEndpoints.create>;
export type UserChanges = BodyOf<typeof userEndpoints.update>;
export type RoleSave = BodyOf<typeof roleEndpoints.create>;
export type GroupSave = BodyOf<typeof groupEndpoints.create>;
export type AdminUserSave = BodyOf<typeof userEndpoints.adminCreate>;

/** A record read for its edit form (always fresh). */
function recordQuery<T>(resource: QueryResource, id: number, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey: queryKey(resource, 'detail', id),
    queryFn: ({ signal }) => read(signal),
    staleTime: 0,
  });
}

export function useUser(id: number) {
  return useQuery(
    recordQuery('users', id, async (signal) => (await call(userEndpoints.get, { params: { id }, signal })).data),
  );
}

export function useAdminUser(id: number) {
  return useQuery(
    recordQuery('users', id, async (signal) => (await call(userEndpoints.adminGet, { params: { id }, signal })).data),
  );
}

export function useRole(id: number) {
  return useQuery(
    recordQuery('roles', id, async (signal) => (await call(roleEndpoints.get, { params: { id }, signal })).data),
  );
}

export function useGroup(id: number) {
  return useQuery(
    recordQuery('groups', id, async (signal) => (await call(groupEndpoints.get, { params: { id }, signal })).data),
  );
}

/** Bought and used seats per licence of this company (fresh each time the form opens). */
export function useLicences() {
  return useQuery({
    queryKey: queryKey('users', 'licences'),
    queryFn: async ({ signal }) => (await call(licenceEndpoints.list, { signal })).data,
    staleTime: 0,
  });
}

/** A save that refreshes every cached answer about `resources` once it succeeded. */
function useSave<A, R>(resources: QueryResource[], save: (input: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] }))),
  });
}

/** POST /users, or PATCH /users/{id}. Groups list their members, so they refresh too. */
export function useSaveUser(id: number | null) {
  return useSave(['users', 'groups'], async (body: UserSave) =>
    id === null
      ? (await call(userEndpoints.create, { body })).data
      : (await call(userEndpoints.update, { params: { id }, body })).data,
  );
}

/** POST /admin/users, or PATCH /admin/users/{id}. */
export function useSaveAdminUser(id: number | null) {
  return useSave(['users'], async (body: AdminUserSave) =>
    id === null
      ? (await call(userEndpoints.adminCreate, { body })).data
      : (await call(userEndpoints.adminUpdate, { params: { id }, body })).data,
  );
}

/** POST /roles, or PATCH /roles/{id}; users show their role. */
export function useSaveRole(id: number | null) {
  return useSave(['roles', 'users'], async (body: RoleSave) =>
    id === null
      ? (await call(roleEndpoints.create, { body })).data
      : (await call(roleEndpoints.update, { params: { id }, body })).data,
  );
}

/** POST /groups, or PATCH /groups/{id}; users show their groups. */
export function useSaveGroup(id: number | null) {
  return useSave(['groups', 'users'], async (body: GroupSave) =>
    id === null
      ? (await call(groupEndpoints.create, { body })).data
      : (await call(groupEndpoints.update, { params: { id }, body })).data,
  );
}

export const deleteUser = (id: number) => call(userEndpoints.delete, { params: { id } });
export const withdrawInvitation = (id: number) => call(invitationEndpoints.withdraw, { params: { id } });
export const deleteAdminUser = (id: number) => call(userEndpoints.adminDelete, { params: { id } });
export const deleteRole = (id: number) => call(roleEndpoints.delete, { params: { id } });
export const deleteGroup = (id: number) => call(groupEndpoints.delete, { params: { id } });
