import { type AnswerOf, notificationEndpoints } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';

/** POST /my-account/notifications/read-all. */
export function markAllNotificationsRead(): Promise<AnswerOf<typeof notificationEndpoints.readAll>> {
  return call(notificationEndpoints.readAll, { body: { read: true } });
}

export function useMarkAllNotificationsRead({ onSettled }: { onSettled: () => unknown }) {
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled });
}
