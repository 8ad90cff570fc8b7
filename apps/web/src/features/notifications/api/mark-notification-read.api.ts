import { type NotificationItem, notificationEndpoints } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';

/** PATCH /my-account/notifications/{id} with read=1. */
export async function markNotificationRead(id: number): Promise<NotificationItem> {
  const body = await call(notificationEndpoints.mark, { params: { id }, body: { read: true } });
  return body.data;
}

interface MarkReadCallbacks {
  /** Runs before the call (keep the opened entry shown). */
  onMutate: (id: number) => void;
  /** Runs after success or failure (reload the list). */
  onSettled: () => unknown;
}

export function useMarkNotificationRead({ onMutate, onSettled }: MarkReadCallbacks) {
  return useMutation({ mutationFn: markNotificationRead, onMutate, onSettled });
}
