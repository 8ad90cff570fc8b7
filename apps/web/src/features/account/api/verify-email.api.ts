import { type AnswerOf, myAccountEndpoints } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

/** POST /my-account/email/verify: the token of the link mailed to a new address makes it the account's. */
export function verifyEmail(token: string): Promise<AnswerOf<typeof myAccountEndpoints.verifyEmail>> {
  return callWithoutSignOut(myAccountEndpoints.verifyEmail, { body: { token } });
}
