import { type AnswerOf, passwordResetEndpoints } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

export function requestPasswordReset(email: string): Promise<AnswerOf<typeof passwordResetEndpoints.forgot>> {
  return callWithoutSignOut(passwordResetEndpoints.forgot, { body: { email } });
}
