import {
  type AnswerOf,
  type AuthPayload,
  type LoginRequest,
  passwordResetEndpoints,
  type ResetPasswordRequest,
  signInEndpoints,
} from '@meshport/contract';
import { callQuietly, callWithoutSignOut } from '../../../lib/api/api-client.ts';

/** Login and validate explain their own 401 (bad credentials, not signed in); login its own 503 too. */
export function login(request: LoginRequest): Promise<AuthPayload> {
  return callQuietly(signInEndpoints.login, { body: request });
}

export function validateSession(signal?: AbortSignal): Promise<AuthPayload> {
  return callWithoutSignOut(signInEndpoints.validate, { signal });
}

export function logout(all: boolean): Promise<AnswerOf<typeof signInEndpoints.logout>> {
  return callWithoutSignOut(all ? signInEndpoints.logoutAll : signInEndpoints.logout);
}

export function requestPasswordReset(email: string): Promise<AnswerOf<typeof passwordResetEndpoints.forgot>> {
  return callWithoutSignOut(passwordResetEndpoints.forgot, { body: { email } });
}

export function resetPassword(request: ResetPasswordRequest): Promise<AnswerOf<typeof passwordResetEndpoints.reset>> {
  return callWithoutSignOut(passwordResetEndpoints.reset, { body: request });
}
