import { NOTIFICATION_PAGE_SIZE, type NotificationItem } from '@meshport/contract';

/**
 * What the bell lists: the server's page plus the entries opened while the bell is open. In
 * 'unread only' mode an opened entry is read and would vanish on the next reload; it stays
 * until the bell closes or the mode changes, so that its text does not disappear while read.
 */
export function visibleNotifications(
  fromServer: readonly NotificationItem[],
  retained: ReadonlyMap<number, NotificationItem>,
): NotificationItem[] {
  const byId = new Map<number, NotificationItem>();
  for (const item of fromServer) byId.set(item.id, item);
  for (const [id, item] of retained) {
    const current = byId.get(id);
    byId.set(id, current ? { ...current, read: current.read || item.read } : item);
  }
  return [...byId.values()].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
}

/** Whether there is more to load: the server has more rows than the page asked for. */
export function hasMore(total: number, perPage: number): boolean {
  return total > perPage;
}

/** The next page size when the list is scrolled to its end (shell.md §9: grows by 10). */
export function nextPageSize(perPage: number): number {
  return perPage + NOTIFICATION_PAGE_SIZE;
}

/** Within `threshold` px of the bottom of a scrolled element. */
export function isNearBottom(
  element: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = 24,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

/** The badge text: counts above 99 read '99+'. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
