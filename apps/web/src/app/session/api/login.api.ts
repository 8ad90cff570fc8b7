import { type AuthPayload, type LoginRequest, signInEndpoints } from '@meshport/contract';
import { callQuietly } from '@/lib/api/api-client.ts';

/** POST /login; explains its own 401 (bad credentials) and 503. */
export function login(request: LoginRequest): Promise<AuthPayload> {
  return callQuietly(signInEndpoints.login, { body: request });
}
