import { labelEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /labels/{id}, for the edit form. */
export function useLabel(id: number) {
  return useQuery(
    recordQuery('labels', id, async (signal) => (await call(labelEndpoints.get, { params: { id }, signal })).data),
  );
}
