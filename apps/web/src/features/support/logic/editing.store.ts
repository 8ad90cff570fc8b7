import { useSyncExternalStore } from 'react';

/**
 * Which FAQ category is being renamed inline: one at a time. Kept outside React state so that the
 * list declaration stays the same object while a row switches to its name field.
 */
export class EditingStore {
  private id: number | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly current = () => this.id;

  set(id: number | null): void {
    if (this.id === id) return;
    this.id = id;
    for (const listener of this.listeners) listener();
  }
}

/** Whether the row `id` is being edited in `store`. */
export function useIsEditing(store: EditingStore, id: number): boolean {
  return useSyncExternalStore(store.subscribe, () => store.current() === id);
}
