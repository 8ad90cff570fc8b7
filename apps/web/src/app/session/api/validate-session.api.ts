import { type AuthPayload, signInEndpoints } from '@meshport/contract';
import { callWithoutSignOut } from '@/lib/api/api-client.ts';

/** The session check; a 401 means not signed in, explained by the caller. */
export function validateSession(signal?: AbortSignal): Promise<AuthPayload> {
  return callWithoutSignOut(signInEndpoints.validate, { signal });
}
