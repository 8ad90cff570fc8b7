import { groupEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /groups/{id}, for the edit form. */
export function useGroup(id: number) {
  return useQuery(
    recordQuery('groups', id, async (signal) => (await call(groupEndpoints.get, { params: { id }, signal })).data),
  );
}
