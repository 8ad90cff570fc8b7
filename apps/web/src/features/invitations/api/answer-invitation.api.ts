import { invitationEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type InvitationAnswer = { id: number; accept: true; token?: string } | { id: number; accept: false };

/** POST /my-invitations/{id}/accept (with the mailed link's token when there is one) or …/decline. */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answer: InvitationAnswer) => {
      const params = { id: answer.id };
      if (!answer.accept) return { ...(await call(invitationEndpoints.decline, { params })), company: null };
      return call(invitationEndpoints.accept, { params, body: answer.token ? { token: answer.token } : {} });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('users') }),
  });
}
