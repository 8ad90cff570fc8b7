import type { AnswerOf, userEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchMyAccount } from '@/lib/api/resources/users/get-my-account.api.ts';

export type MyAccount = AnswerOf<typeof userEndpoints.myAccount>['data'];

export const myAccountQueryKey = () => queryKey('users', 'my-account');

/** GET /my-account with the notification settings, without the abilities (administration.md §7). */
export function useMyAccount() {
  return useQuery({
    queryKey: myAccountQueryKey(),
    queryFn: ({ signal }) => fetchMyAccount({ excluded_fields: 'users.abilities' }, signal),
  });
}
