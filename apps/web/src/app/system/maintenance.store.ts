import { useSyncExternalStore } from 'react';
import { onApiEvent } from '@/lib/api/api-events.ts';

export interface MaintenanceState {
  message: string | null;
  backOn: string | null;
}

let current: MaintenanceState | null = null;
const listeners = new Set<() => void>();

// Registered at module load so that a 503 on the very first call is not missed.
onApiEvent((event) => {
  if (event.type !== 'maintenance' || current) return;
  current = { message: event.message, backOn: event.backOn };
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useMaintenance(): MaintenanceState | null {
  return useSyncExternalStore(subscribe, () => current);
}

export const MAINTENANCE_RELOAD_FALLBACK_MS = 60_000;
const MIN_RELOAD_MS = 5_000;

/** shell.md §4: reload when back_on has passed, or after 60 s without a back_on. */
export function reloadDelay(backOn: string | null, now = Date.now()): number {
  if (!backOn) return MAINTENANCE_RELOAD_FALLBACK_MS;
  const at = Date.parse(backOn);
  if (Number.isNaN(at)) return MAINTENANCE_RELOAD_FALLBACK_MS;
  return Math.max(at - now, MIN_RELOAD_MS);
}
