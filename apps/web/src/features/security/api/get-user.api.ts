import { userEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /users/{id}, for the edit form. */
export function useUser(id: number) {
  return useQuery(
    recordQuery('users', id, async (signal) => (await call(userEndpoints.get, { params: { id }, signal })).data),
  );
}
