import { type AnswerOf, signInEndpoints } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

/** Signs out this session, or every session of the account when `all`. */
export function logout(all: boolean): Promise<AnswerOf<typeof signInEndpoints.logout>> {
  return callWithoutSignOut(all ? signInEndpoints.logoutAll : signInEndpoints.logout);
}
