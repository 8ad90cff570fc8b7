import { type AnswerOf, myAccountEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type MyAccountSaved = AnswerOf<typeof myAccountEndpoints.update>;

/** The spec's call: POST /my-account with `_method=PATCH` in the multipart body (administration.md §7). */
const postWithOverride = { ...myAccountEndpoints.update, method: 'POST' as const };

/** Saves My Account; every cached answer about users (this account, its activity) refreshes after it. */
export function useSaveMyAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(postWithOverride, { body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('users') }),
  });
}
