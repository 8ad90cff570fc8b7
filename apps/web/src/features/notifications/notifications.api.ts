import { NOTIFICATION_DEFAULT_SORT, type NotificationItem, type NotificationList } from '@meshport/contract';
import { api } from '../../lib/api/http-client.ts';

export interface NotificationQuery {
  perPage: number;
  /** false: unread only; true: all. */
  withRead: boolean;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationQuery) => ['notifications', 'list', query] as const,
};

/** GET /my-account/notifications (shell.md §7): per_page, with_read, sort; meta.unread counts unread. */
export function fetchNotifications(query: NotificationQuery, signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/my-account/notifications', {
    query: { per_page: query.perPage, with_read: query.withRead ? 1 : 0, sort: NOTIFICATION_DEFAULT_SORT },
    signal,
  });
}

/** POST /my-account/notifications/{id} with read=1 and _method=PATCH. */
export async function markNotificationRead(id: number): Promise<NotificationItem> {
  const body = await api.post<{ data: NotificationItem }>(`/my-account/notifications/${id}`, {
    read: 1,
    _method: 'PATCH',
  });
  return body.data;
}

/** POST /my-account/notifications/read-all. */
export function markAllNotificationsRead(): Promise<{ message: string; updated: number }> {
  return api.post<{ message: string; updated: number }>('/my-account/notifications/read-all', { read: 1 });
}
