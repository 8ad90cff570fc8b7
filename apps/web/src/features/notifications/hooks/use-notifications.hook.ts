import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
  USER_NOTIFICATION_UPDATED,
  type UserNotificationUpdatedEvent,
  userChannel,
} from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useChannelEvent } from '@/lib/realtime/realtime.context.tsx';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { notificationKeys, useNotificationList } from '../api/get-notifications.api.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.api.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.api.ts';
import { hasMore, nextPageSize, visibleNotifications } from '../logic/notifications.logic.ts';

/**
 * The bell's data (shell.md §2, §4): 10 entries growing by 10, unread only or all, the unread
 * count, reloaded on the user's realtime event.
 */
export function useNotifications() {
  const user = useCurrentUser();
  const { company } = useTenant();
  const queryClient = useQueryClient();
  const [withRead, setWithReadState] = useState(false);
  const [perPage, setPerPage] = useState(NOTIFICATION_PAGE_SIZE);
  const [retained, setRetained] = useState<ReadonlyMap<number, NotificationItem>>(new Map());

  const query = useNotificationList({ perPage, withRead });

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }), [queryClient]);
  useChannelEvent<UserNotificationUpdatedEvent>(
    company ? userChannel(company.id, user.id) : null,
    USER_NOTIFICATION_UPDATED,
    () => void reload(),
    () => void reload(),
  );

  const markRead = useMarkNotificationRead({
    onMutate: (id) => {
      const item = query.data?.data.find((entry) => entry.id === id);
      if (item) setRetained((current) => new Map(current).set(id, { ...item, read: true }));
    },
    onSettled: () => reload(),
  });
  const markAll = useMarkAllNotificationsRead({ onSettled: () => reload() });

  const items = visibleNotifications(query.data?.data ?? [], retained);
  const total = query.data?.meta.total ?? 0;
  const unread = query.data?.meta.unread ?? 0;

  return {
    query,
    items,
    unread,
    withRead,
    setWithRead: (value: boolean) => {
      setWithReadState(value);
      setPerPage(NOTIFICATION_PAGE_SIZE);
      setRetained(new Map());
    },
    /** Back to the first 10 and forget opened entries (the bell closed). */
    reset: () => {
      setPerPage(NOTIFICATION_PAGE_SIZE);
      setRetained(new Map());
    },
    canLoadMore: hasMore(total, perPage),
    loadingMore: query.isFetching && query.isPlaceholderData,
    loadMore: () => {
      if (hasMore(total, perPage) && !query.isFetching) setPerPage(nextPageSize(perPage));
    },
    markRead: (item: NotificationItem) => {
      if (!item.read) markRead.mutate(item.id);
    },
    markAllRead: () => markAll.mutate(),
    markingAll: markAll.isPending,
    actionError: markRead.error ?? markAll.error,
  };
}
