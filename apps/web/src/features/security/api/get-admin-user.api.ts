import { userEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /admin/users/{id}, for the edit form. */
export function useAdminUser(id: number) {
  return useQuery(
    recordQuery('users', id, async (signal) => (await call(userEndpoints.adminGet, { params: { id }, signal })).data),
  );
}
