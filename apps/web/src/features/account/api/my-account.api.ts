import { type AnswerOf, myAccountEndpoints, userEndpoints } from '@meshport/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWithoutSignOut } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type MyAccount = AnswerOf<typeof userEndpoints.myAccount>['data'];
export type MyAccountSaved = AnswerOf<typeof myAccountEndpoints.update>;

export const myAccountQueryKey = () => queryKey('users', 'my-account');

/** GET /my-account with the notification settings, without the abilities (administration.md §7). */
export function useMyAccount() {
  return useQuery({
    queryKey: myAccountQueryKey(),
    queryFn: async ({ signal }) =>
      (await call(userEndpoints.myAccount, { query: { excluded_fields: 'users.abilities' }, signal })).data,
  });
}

/** GET /my-account/activity: one page of the timeline, newest first; the last page stays while the next loads. */
export function useMyActivity(page: number, perPage: number) {
  return useQuery({
    queryKey: queryKey('users', 'my-activity', { page, perPage }),
    queryFn: ({ signal }) =>
      call(userEndpoints.myActivity, { query: { page, per_page: perPage, sort: '-datetime' }, signal }),
    placeholderData: keepPreviousData,
  });
}

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

/** POST /my-account/email/verify: the token of the link mailed to a new address makes it the account's. */
export function verifyEmail(token: string): Promise<AnswerOf<typeof myAccountEndpoints.verifyEmail>> {
  return callWithoutSignOut(myAccountEndpoints.verifyEmail, { body: { token } });
}
