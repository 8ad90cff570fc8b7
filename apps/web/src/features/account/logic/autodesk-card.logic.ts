import { AUTODESK_ERROR_PARAM, AUTODESK_ERRORS, type AutodeskError } from '@meshport/contract';
import type { AutodeskAccount as AutodeskStatus } from '@/lib/api/resources/users/get-autodesk-account.api.ts';

export type AutodeskCardState = 'disconnected' | 'connected' | 'outdated';

export function autodeskCardState(status: AutodeskStatus): AutodeskCardState {
  if (!status.autodesk_connected) return 'disconnected';
  return status.autodesk_scope_outdated ? 'outdated' : 'connected';
}

/** Why the last connection failed, from the address the callback returned to; null when it did not. */
export function autodeskErrorOf(params: URLSearchParams): AutodeskError | null {
  const value = params.get(AUTODESK_ERROR_PARAM);
  return AUTODESK_ERRORS.find((reason) => reason === value) ?? null;
}

/** The same search without the failure reason (once the person has read it). */
export function withoutAutodeskError(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(AUTODESK_ERROR_PARAM);
  return next;
}
