import type { AuthPayload, LoginRequest } from '@meshport/contract';
import { api } from '../../../lib/api/http-client.ts';

/** Login and validate explain their own 401 (bad credentials, not signed in). */
export function login(request: LoginRequest): Promise<AuthPayload> {
  return api.post<AuthPayload>('/login', request, {
    handleUnauthorized: false,
    handleMaintenance: false,
  });
}

export function validateSession(signal?: AbortSignal): Promise<AuthPayload> {
  return api.get<AuthPayload>('/auth/validate', { signal, handleUnauthorized: false });
}

export function logout(all: boolean): Promise<{ message: string }> {
  return api.get<{ message: string }>(all ? '/logout-all' : '/logout', {
    handleUnauthorized: false,
  });
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/password/forgot', { email }, { handleUnauthorized: false });
}

export interface PasswordResetRequest {
  token: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(request: PasswordResetRequest): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/password/reset', request, { handleUnauthorized: false });
}
