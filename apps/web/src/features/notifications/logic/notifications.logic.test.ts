import type { NotificationItem } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { badgeText, hasMore, isNearBottom, nextPageSize, visibleNotifications } from './notifications.logic.ts';

const item = (id: number, date: string, read = false): NotificationItem => ({
  id,
  title: `Title ${id}`,
  text: `Text ${id}`,
  read,
  date,
});

describe('visibleNotifications', () => {
  it('keeps opened entries that the unread-only reload dropped, newest first', () => {
    const server = [item(3, '2026-01-03T00:00:00Z'), item(1, '2026-01-01T00:00:00Z')];
    const retained = new Map([[2, item(2, '2026-01-02T00:00:00Z', true)]]);
    expect(visibleNotifications(server, retained).map((entry) => entry.id)).toEqual([3, 2, 1]);
  });
  it('shows an opened entry as read even before the server says so', () => {
    const server = [item(1, '2026-01-01T00:00:00Z')];
    const retained = new Map([[1, item(1, '2026-01-01T00:00:00Z', true)]]);
    expect(visibleNotifications(server, retained)).toEqual([item(1, '2026-01-01T00:00:00Z', true)]);
  });
  it('orders equal dates by id, newest first', () => {
    const server = [item(1, '2026-01-01T00:00:00Z'), item(2, '2026-01-01T00:00:00Z')];
    expect(visibleNotifications(server, new Map()).map((entry) => entry.id)).toEqual([2, 1]);
  });
});

describe('paging and badge', () => {
  it('grows by 10 while the server has more', () => {
    expect(nextPageSize(10)).toBe(20);
    expect(hasMore(25, 20)).toBe(true);
    expect(hasMore(20, 20)).toBe(false);
  });
  it('detects the end of the scrolled list', () => {
    expect(isNearBottom({ scrollTop: 180, scrollHeight: 500, clientHeight: 300 })).toBe(true);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 500, clientHeight: 300 })).toBe(false);
  });
  it('caps the badge text', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
