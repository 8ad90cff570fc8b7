import type { NotificationItem } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/http-client.ts';

/** POST /my-account/notifications/{id} with read=1 and _method=PATCH. */
export async function markNotificationRead(id: number): Promise<NotificationItem> {
  const body = await api.post<{ data: NotificationItem }>(`/my-account/notifications/${id}`, {
    read: 1,
    _method: 'PATCH',
  });
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
