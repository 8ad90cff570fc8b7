import { userEndpoints } from '@meshport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /my-account/activity: one page of the timeline, newest first; the last page stays while the next loads. */
export function useMyActivity(page: number, perPage: number) {
  return useQuery({
    queryKey: queryKey('users', 'my-activity', { page, perPage }),
    queryFn: ({ signal }) =>
      call(userEndpoints.myActivity, { query: { page, per_page: perPage, sort: '-datetime' }, signal }),
    placeholderData: keepPreviousData,
  });
}
