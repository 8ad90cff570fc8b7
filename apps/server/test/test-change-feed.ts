import type { Change } from '#core/db/change-feed.ts';

/**
 * The change feed's members that caches read (`live`, `subscribe`, `sync`), driven by a test:
 * `emit` delivers a change, `catchUp` resolves the `sync` calls made so far.
 */
export function testChangeFeed(live = true) {
  const listeners: ((change: Change) => void)[] = [];
  let syncing: (() => void)[] = [];
  return {
    live,
    subscribe(listener: (change: Change) => void) {
      listeners.push(listener);
      return () => {};
    },
    sync: () => new Promise<void>((resolve) => syncing.push(resolve)),
    emit(change: Change) {
      for (const listener of listeners) listener(change);
    },
    catchUp() {
      for (const resolve of syncing) resolve();
      syncing = [];
    },
  };
}
