import { licenceEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** Bought and used seats per licence of this company (fresh each time the form opens). */
export function useLicences() {
  return useQuery({
    queryKey: queryKey('users', 'licences'),
    queryFn: async ({ signal }) => (await call(licenceEndpoints.list, { signal })).data,
    staleTime: 0,
  });
}
