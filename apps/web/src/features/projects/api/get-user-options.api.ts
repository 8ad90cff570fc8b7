import { userEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** Most members the picker offers. */
export const USER_OPTIONS_SHOWN = 100;

export interface UserOption {
  id: number;
  name: string;
}

/** GET /users: the company's members for the members picker, by name. */
export async function fetchUserOptions(signal?: AbortSignal): Promise<UserOption[]> {
  const body = await call(userEndpoints.list, {
    query: { per_page: USER_OPTIONS_SHOWN, sort: 'name', included_fields: ['id', 'name'] },
    signal,
  });
  return body.data;
}

export function userOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKey('users', 'options'), queryFn: ({ signal }) => fetchUserOptions(signal) });
}

/** The members picker's options; only asked when the user may list the company's users. */
export function useUserOptions(enabled: boolean) {
  return useQuery({ ...userOptionsQueryOptions(), enabled });
}
