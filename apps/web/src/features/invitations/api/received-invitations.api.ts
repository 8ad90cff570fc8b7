import { type AnswerOf, invitationEndpoints } from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type ReceivedInvitation = AnswerOf<typeof invitationEndpoints.received>['data'][number];

export const receivedInvitationsQuery = () =>
  queryOptions({
    queryKey: queryKey('users', 'my-invitations'),
    queryFn: async ({ signal }) => (await call(invitationEndpoints.received, { signal })).data,
    staleTime: 0,
  });

/** GET /my-invitations: the signed-in account's open invitations, on any host. */
export function useReceivedInvitations() {
  return useQuery(receivedInvitationsQuery());
}
