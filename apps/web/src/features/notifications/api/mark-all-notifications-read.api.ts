import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/http-client.ts';

/** POST /my-account/notifications/read-all. */
export function markAllNotificationsRead(): Promise<{ message: string; updated: number }> {
  return api.post<{ message: string; updated: number }>('/my-account/notifications/read-all', { read: 1 });
}

export function useMarkAllNotificationsRead({ onSettled }: { onSettled: () => unknown }) {
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled });
}
