/** Global reactions to call results that concern the whole app, not one screen. */
export type ApiEvent =
  | { type: 'unauthorized' }
  | { type: 'maintenance'; message: string | null; backOn: string | null };

type Listener = (event: ApiEvent) => void;

const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
