import { NOTIFICATION_DEFAULT_SORT, type NotificationList, notificationEndpoints } from '@meshport/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export interface NotificationQuery {
  perPage: number;
  /** false: unread only; true: all. */
  withRead: boolean;
}

export const notificationKeys = {
  all: queryKey('notifications'),
  list: (query: NotificationQuery) => queryKey('notifications', 'list', query),
};

/** GET /my-account/notifications (shell.md §7): per_page, with_read, sort; meta.unread counts unread. */
export function fetchNotifications(query: NotificationQuery, signal?: AbortSignal): Promise<NotificationList> {
  return call(notificationEndpoints.list, {
    query: { per_page: query.perPage, with_read: query.withRead ? 1 : 0, sort: NOTIFICATION_DEFAULT_SORT },
    signal,
  });
}

export function notificationsQueryOptions(query: NotificationQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => fetchNotifications(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One page of the bell's list; the previous page stays shown while the next one loads. */
export function useNotificationList(query: NotificationQuery) {
  return useQuery(notificationsQueryOptions(query));
}
