import { downloadEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /admin/downloads/{id}, for the edit form. */
export function useDownload(id: number) {
  return useQuery(
    recordQuery(
      'downloads',
      id,
      async (signal) => (await call(downloadEndpoints.get, { params: { id }, signal })).data,
    ),
  );
}
