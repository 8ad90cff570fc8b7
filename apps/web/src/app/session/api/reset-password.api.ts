import { type AnswerOf, passwordResetEndpoints, type ResetPasswordRequest } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

export function resetPassword(request: ResetPasswordRequest): Promise<AnswerOf<typeof passwordResetEndpoints.reset>> {
  return callWithoutSignOut(passwordResetEndpoints.reset, { body: request });
}
