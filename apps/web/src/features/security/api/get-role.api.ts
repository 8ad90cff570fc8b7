import { roleEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /roles/{id}, for the edit form. */
export function useRole(id: number) {
  return useQuery(
    recordQuery('roles', id, async (signal) => (await call(roleEndpoints.get, { params: { id }, signal })).data),
  );
}
