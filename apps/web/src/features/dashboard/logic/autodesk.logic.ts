import type { MyCompany } from '@meshport/contract';
import type { AutodeskAccount } from '@/lib/api/resources/users/get-autodesk-account.api.ts';

export type AutodeskWarning = 'connect' | 'reconnect';

/**
 * The dashboard's Autodesk warnings (shell.md §2): only when the company uses the integration;
 * 'connect' when the user has not connected an account, 'reconnect' when it must be connected again.
 */
export function autodeskWarnings(
  integration: MyCompany['autodesk_integration'] | undefined,
  account: AutodeskAccount | undefined,
): AutodeskWarning[] {
  if (!integration || integration === 'no' || !account) return [];
  if (!account.autodesk_connected) return ['connect'];
  if (account.autodesk_scope_outdated) return ['reconnect'];
  return [];
}

export const AUTODESK_DISMISSED_KEY = 'meshport.dashboard.autodeskDismissed';

/** The warnings dismissed in this browser session. */
export function readDismissed(storage: Pick<Storage, 'getItem'> | undefined): AutodeskWarning[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(AUTODESK_DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is AutodeskWarning => v === 'connect' || v === 'reconnect')
      : [];
  } catch {
    return [];
  }
}

export function writeDismissed(
  storage: Pick<Storage, 'setItem'> | undefined,
  dismissed: readonly AutodeskWarning[],
): void {
  try {
    storage?.setItem(AUTODESK_DISMISSED_KEY, JSON.stringify([...new Set(dismissed)]));
  } catch {
    // Storage full or disabled: the dismissal lasts until the page reloads.
  }
}
