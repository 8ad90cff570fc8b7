import type { Change } from '#core/db/change-feed.ts';

/** The change feed's members that caches read (`live`, `subscribe`), driven by a test through `emit`. */
export function testChangeFeed(live = true) {
  const listeners: ((change: Change) => void)[] = [];
  return {
    live,
    subscribe(listener: (change: Change) => void) {
      listeners.push(listener);
      return () => {};
    },
    emit(change: Change) {
      for (const listener of listeners) listener(change);
    },
  };
}
